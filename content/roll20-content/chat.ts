// A post to Roll20's chat, typed in from the content script (loaded the first time the popup asks
// for one: ../roll20-asked.ts).
import { chatText } from '../../src/adapters/roll20/protocol';

/** The first submit button of a form (its own controls, wherever they sit in the page). */
const submitButton = (form: HTMLFormElement | null): HTMLElement | null =>
  form
    ? (([...form.elements].find(
        (e) => (e instanceof HTMLButtonElement || e instanceof HTMLInputElement) && e.type === 'submit',
      ) as HTMLElement | undefined) ?? null)
    : null;

/**
 * Types `text` (defused: chatText) into Roll20's chat box and clicks its send button once, from here:
 * the chat is the page's DOM, no page script is asked. The box and its button are looked up each time
 * (Roll20 renders them again; Beyond20 #1321): the button by its id (#chatSendBtn, VTTinker "relevé
 * sur une vraie partie"), else the submit button of the box's own form; never the first button near
 * the box, which another extension's can be (VTTinker's first selector clicked its own). What the
 * player was typing stays.
 */
export function postToChat(text: string): 'posted' | 'no-box' | 'no-button' {
  const box = document.querySelector('#textchat-input textarea');
  if (!(box instanceof HTMLTextAreaElement)) return 'no-box';
  const button = document.getElementById('chatSendBtn') ?? submitButton(box.form);
  if (!(button instanceof HTMLElement)) return 'no-button';
  const draft = box.value;
  // As the player himself, never as the character he is voicing (a game master's NPC): Roll20's
  // "speaking as" lists the player first (Beyond20 postChatMessage), and is put back after.
  const as = document.getElementById('speakingas');
  const voice = as instanceof HTMLSelectElement && as.options.length ? as.value : null;
  if (voice !== null) (as as HTMLSelectElement).selectedIndex = 0;
  box.value = chatText(text);
  button.click(); // once: Roll20 posts the box's text on its button's click
  box.value = draft;
  if (voice !== null) (as as HTMLSelectElement).value = voice;
  return 'posted';
}
