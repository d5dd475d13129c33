/** The subscribe form (docs/api.md#public-engagement-no-key-cors-, double opt-in): email in, a clear status out. */
import { type Api, WidgetApiError } from './api.ts';
import { el } from './render-entry.ts';

export function subscribeForm(api: Api, project: string): HTMLFormElement {
  const status = el('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
  const input = el('input', {
    id: 'shiplog-email',
    name: 'email',
    type: 'email',
    required: '',
    autocomplete: 'email',
    placeholder: 'you@example.com',
    maxlength: '254',
  });
  const button = el('button', { type: 'submit', class: 'subscribe-button' }, 'Subscribe');
  const form = el(
    'form',
    { part: 'subscribe', novalidate: '' },
    el('label', { for: 'shiplog-email' }, 'Get new releases by email'),
    el('div', { class: 'row' }, input, button),
    status,
  );
  const say = (message: string, kind: 'ok' | 'error') => {
    status.textContent = message;
    status.dataset.kind = kind;
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!input.checkValidity()) {
      say('Enter an email address, like you@example.com.', 'error');
      input.focus();
      return;
    }
    button.disabled = true;
    say('Sending…', 'ok');
    api
      .subscribe(
        project,
        input.value.trim(),
        /^https?:/.test(location.href) && location.href.length <= 2048 ? location.href : null,
      )
      .then(() => {
        say('Almost there: open the link we just emailed you to confirm.', 'ok');
        form.reset();
      })
      .catch((err: unknown) => {
        const status = err instanceof WidgetApiError ? err.status : 0;
        if (status === 400) say('That address does not look right.', 'error');
        else if (status === 429)
          say(
            `Too many attempts: try again in ${Math.ceil(((err as WidgetApiError).retryAfter ?? 600) / 60)} min.`,
            'error',
          );
        else say('Subscribing failed. Try again later.', 'error');
      })
      .finally(() => {
        button.disabled = false;
      });
  });
  return form;
}
