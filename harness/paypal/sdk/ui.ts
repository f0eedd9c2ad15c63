// The stand-in's rendered buttons and its checkout panel (playing PayPal's popup in place), plain DOM.
import type { FUNDING_SOURCE, PayPalButtonStyle } from '@paypal/paypal-js';

// Colours keep at least 4.5:1 contrast so the host page stays accessible with the stand-in in it.
const CSS = `
.ppsi { display: flex; flex-direction: column; gap: 10px; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; }
.ppsi-buttons { display: flex; gap: 10px; }
.ppsi-buttons[data-layout='vertical'] { flex-direction: column; }
.ppsi-btn { display: flex; align-items: center; justify-content: center; width: 100%; min-height: 44px; padding: 0 16px; border: 1px solid transparent; border-radius: 4px; font: inherit; font-weight: 700; font-size: 16px; cursor: pointer; }
.ppsi-btn[data-shape='pill'] { border-radius: 999px; }
.ppsi-btn[data-shape='sharp'] { border-radius: 0; }
.ppsi-btn:focus-visible { outline: 3px solid #ffbf47; outline-offset: 2px; }
.ppsi-btn:disabled { cursor: not-allowed; opacity: 0.7; }
.ppsi-gold { background: #ffc439; color: #111111; }
.ppsi-blue { background: #005ea6; color: #ffffff; }
.ppsi-silver { background: #eeeeee; color: #111111; }
.ppsi-white { background: #ffffff; color: #111111; border-color: #555555; }
.ppsi-black { background: #111111; color: #ffffff; }
.ppsi-card { background: #2c2e2f; color: #ffffff; }
.ppsi-checkout { border: 1px solid #9aa5b1; border-radius: 8px; padding: 14px; background: #ffffff; color: #111111; }
.ppsi-checkout h3 { margin: 0 0 6px; font-size: 1.05rem; color: #003087; }
.ppsi-checkout h3:focus { outline: none; }
.ppsi-note { margin: 0 0 8px; font-size: 0.85rem; color: #444444; }
.ppsi-summary { margin: 0 0 10px; display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; }
.ppsi-summary dt { font-weight: 600; }
.ppsi-summary dd { margin: 0; overflow-wrap: anywhere; }
.ppsi-actions { display: flex; flex-wrap: wrap; gap: 8px; }
.ppsi-actions .ppsi-btn { width: auto; flex: 1 1 auto; font-size: 15px; }
.ppsi-secondary { background: #ffffff; color: #003087; border-color: #003087; }
`;

const sheets = new WeakMap<Document, CSSStyleSheet>();

/**
 * A constructed style sheet, not a <style> element: the portal's CSP allows style elements from its own origin only
 * in builds that use this stand-in (PayPal's live SDK gets 'unsafe-inline', see docs/security.md
 * "Content-Security-Policy").
 */
function ensureStyles(doc: Document): void {
  if (sheets.has(doc) || doc.getElementById(FALLBACK_STYLE_ID)) return;
  const Sheet = doc.defaultView?.CSSStyleSheet;
  if (Sheet && 'replaceSync' in Sheet.prototype && Array.isArray(doc.adoptedStyleSheets)) {
    const sheet = new Sheet();
    sheet.replaceSync(CSS);
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
    sheets.set(doc, sheet);
    return;
  }
  // Documents without constructable style sheets (jsdom in unit tests) get a <style> element.
  const style = doc.createElement('style');
  style.id = FALLBACK_STYLE_ID;
  style.textContent = CSS;
  doc.head.appendChild(style);
}

const FALLBACK_STYLE_ID = 'paypal-stand-in-styles';

let counter = 0;

const PAYPAL_LABELS: Record<NonNullable<PayPalButtonStyle['label']>, string> = {
  paypal: 'PayPal',
  checkout: 'PayPal Checkout',
  buynow: 'PayPal Buy Now',
  pay: 'Pay with PayPal',
  installment: 'PayPal Pay in installments',
  subscribe: 'PayPal Subscribe',
  donate: 'PayPal Donate',
};

interface ApprovalView {
  kind: 'order' | 'subscription';
  /** Rows of the summary: [term, value]. */
  rows: Array<[string, string]>;
  commit: boolean;
}

interface ApprovalChoices {
  approve(): void;
  cancel(): void;
  fail(): void;
  /** Orders only: approve with a card that PayPal will decline at capture. */
  decline?: () => void;
}

export interface StandInView {
  root: HTMLElement;
  setEnabled(enabled: boolean): void;
  showBusy(text: string): void;
  showApproval(view: ApprovalView, choices: ApprovalChoices): void;
  showButtons(): void;
  remove(): void;
}

function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: Array<Node | string>
) {
  const node = doc.createElement(tag);
  Object.assign(node, props);
  for (const child of children) node.append(child);
  return node;
}

/** Renders the funding buttons into `container`; `onPick` runs when one is clicked. */
export function renderView(
  container: HTMLElement,
  sources: FUNDING_SOURCE[],
  style: PayPalButtonStyle,
  onPick: (source: FUNDING_SOURCE, button: HTMLButtonElement) => void,
): StandInView {
  const doc = container.ownerDocument;
  ensureStyles(doc);
  const id = `ppsi-${++counter}`;
  const root = el(doc, 'div', { className: 'ppsi' });
  root.dataset.paypalStandIn = 'true';
  const group = el(doc, 'div', { className: 'ppsi-buttons' });
  group.setAttribute('role', 'group');
  group.setAttribute('aria-label', 'Payment methods');
  group.dataset.layout = style.layout ?? 'vertical';
  const height = `${style.height ?? 45}px`;
  const buttons = sources.map((source) => {
    const text =
      source === 'paypal'
        ? PAYPAL_LABELS[style.label ?? 'paypal']
        : source === 'card'
          ? 'Debit or Credit Card'
          : source;
    const button = el(
      doc,
      'button',
      { type: 'button', className: `ppsi-btn ${source === 'paypal' ? `ppsi-${style.color ?? 'gold'}` : 'ppsi-card'}` },
      text,
    );
    button.style.height = height;
    button.dataset.shape = style.shape ?? 'rect';
    button.dataset.fundingSource = source;
    button.addEventListener('click', () => onPick(source, button));
    return button;
  });
  group.append(...buttons);
  const checkout = el(doc, 'section', { className: 'ppsi-checkout', hidden: true });
  checkout.setAttribute('aria-labelledby', `${id}-title`);
  root.append(group, checkout);
  container.append(root);

  const heading = () => {
    const h = el(doc, 'h3', { id: `${id}-title`, tabIndex: -1 }, 'PayPal checkout');
    const note = el(doc, 'p', { className: 'ppsi-note' }, 'Local PayPal stand-in: no real money moves.');
    return [h, note] as const;
  };

  let opener: HTMLButtonElement | null = null;
  for (const b of buttons) b.addEventListener('click', () => (opener = b));

  return {
    root,
    setEnabled(enabled) {
      for (const b of buttons) b.disabled = !enabled;
    },
    showBusy(text) {
      const [h, note] = heading();
      const status = el(doc, 'p', {}, text);
      status.setAttribute('role', 'status');
      checkout.replaceChildren(h, note, status);
      group.hidden = true;
      checkout.hidden = false;
      h.focus();
    },
    showApproval(view, choices) {
      const [h, note] = heading();
      const dl = el(doc, 'dl', { className: 'ppsi-summary' });
      for (const [term, value] of view.rows) dl.append(el(doc, 'dt', {}, term), el(doc, 'dd', {}, value));
      const approveText = view.kind === 'subscription' ? 'Agree & Subscribe' : view.commit ? 'Pay Now' : 'Continue';
      const approve = el(doc, 'button', { type: 'button', className: 'ppsi-btn ppsi-blue' }, approveText);
      const cancel = el(doc, 'button', { type: 'button', className: 'ppsi-btn ppsi-secondary' }, 'Cancel and return');
      const fail = el(doc, 'button', { type: 'button', className: 'ppsi-btn ppsi-secondary' }, 'Simulate an error');
      const actions = el(doc, 'div', { className: 'ppsi-actions' }, approve, cancel, fail);
      const all = [approve, cancel, fail];
      const once = (fn: () => void) => () => {
        for (const b of all) b.disabled = true;
        fn();
      };
      approve.addEventListener('click', once(choices.approve));
      cancel.addEventListener('click', once(choices.cancel));
      fail.addEventListener('click', once(choices.fail));
      if (choices.decline) {
        const decline = el(
          doc,
          'button',
          { type: 'button', className: 'ppsi-btn ppsi-secondary' },
          'Pay with a declined card',
        );
        all.push(decline);
        decline.addEventListener('click', once(choices.decline));
        actions.append(decline);
      }
      checkout.replaceChildren(h, note, dl, actions);
      group.hidden = true;
      checkout.hidden = false;
      h.focus();
    },
    showButtons() {
      const hadFocus = checkout.contains(doc.activeElement);
      checkout.hidden = true;
      checkout.replaceChildren();
      group.hidden = false;
      if (hadFocus && opener?.isConnected) opener.focus();
    },
    remove() {
      root.remove();
    },
  };
}
