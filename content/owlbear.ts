// Placeholder: the Owlbear Rodeo content script (match https://www.owlbear.rodeo/*) is already declared in manifest.json; a later issue fills it in.
export {};
