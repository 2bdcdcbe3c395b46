/// <reference types="vite/client" />
/**
 * The page feedback widget (layout/Feedback.astro): finds where ratings go — docs.json `lectern.feedback.url`, else the
 * `lectern serve` of this site (`GET /_lectern/feedback.json`) — and shows the thumbs only then. A click sends
 * `{path, helpful, id}` (`id`: random for this page view, so a changed vote replaces the first), marks the pressed
 * thumb and thanks the reader in a polite live region; the optional comment is sent with the same id.
 */

/** The path the site is served under (`/`, or `/pr-42/` for a preview build): Astro's `base`. */
const BASE: string = import.meta.env.BASE_URL.endsWith('/') ? import.meta.env.BASE_URL : `${import.meta.env.BASE_URL}/`;

/** Where this page's ratings go, or `undefined` when nowhere (a static host without a configured URL). */
async function destination(box: HTMLElement): Promise<string | undefined> {
  if (box.dataset.feedbackUrl) return box.dataset.feedbackUrl;
  try {
    const response = await fetch(`${BASE}_lectern/feedback.json`, { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!response.ok) return undefined;
    const data = (await response.json()) as { enabled?: unknown; endpoint?: unknown };
    return data.enabled === true && typeof data.endpoint === 'string' ? data.endpoint : undefined;
  } catch {
    return undefined;
  }
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function start(box: HTMLElement): Promise<void> {
  const rate = box.querySelector<HTMLElement>('[data-feedback-rate]');
  if (!rate) return;
  const endpoint = await destination(box);
  if (!endpoint) return;
  const votes = [...rate.querySelectorAll<HTMLButtonElement>('[data-feedback-vote]')];
  const form = rate.querySelector<HTMLFormElement>('[data-feedback-comment]');
  const status = rate.querySelector<HTMLElement>('[data-feedback-status]');
  const id = randomId();
  let helpful: boolean | undefined;
  const send = async (body: Record<string, unknown>): Promise<boolean> => {
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ path: location.pathname, id, ...body }),
      });
      return response.ok;
    } catch {
      return false;
    }
  };
  const thank = () => {
    if (status) status.textContent = status.dataset.thanks ?? 'Thank you for your feedback';
  };
  for (const button of votes) {
    button.addEventListener('click', async () => {
      helpful = button.dataset.feedbackVote === 'yes';
      for (const other of votes) other.setAttribute('aria-pressed', String(other === button));
      if (await send({ helpful })) {
        thank();
        if (form) form.hidden = false;
      } else console.warn('[lectern] the rating could not be sent');
    });
  }
  form?.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const comment = (form.elements.namedItem('comment') as HTMLTextAreaElement | null)?.value.trim();
    if (!comment || helpful === undefined) return;
    if (await send({ helpful, comment })) {
      form.hidden = true;
      if (status) status.textContent = '';
      // A fresh announcement: the same words again would not be read twice.
      requestAnimationFrame(thank);
    } else console.warn('[lectern] the comment could not be sent');
  });
  box.hidden = false;
  rate.hidden = false;
}

const box = document.querySelector<HTMLElement>('[data-feedback]');
if (box) void start(box);
