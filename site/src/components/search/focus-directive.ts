import type { ClientDirective } from 'astro';

/**
 * `client:focus`: an island's script is loaded only when the visitor first reaches into it
 * (focus by keyboard or pointer, or a press); until then the page carries its server-rendered
 * HTML and this listener only.
 */
const onFirstUse: ClientDirective = (load, _options, element) => {
  const start = () => {
    element.removeEventListener('focusin', start);
    element.removeEventListener('pointerdown', start);
    void load().then((hydrate) => hydrate());
  };
  if (element.contains(document.activeElement)) return start();
  element.addEventListener('focusin', start);
  element.addEventListener('pointerdown', start);
};

export default onFirstUse;
