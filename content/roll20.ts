// Placeholder: the Roll20 content script (match https://app.roll20.net/editor*) is already declared in manifest.json; a later issue fills it in.
export {};
