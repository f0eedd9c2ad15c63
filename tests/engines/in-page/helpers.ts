// Runs in the browser under test (bundled by tests/engines/in-page.ts): finds elements the way a person names them,
// by role and accessible name, label or text, using Testing Library's queries (the same accessible-name rules in
// every engine, since this code, not the engine, computes them).
import { queries } from '@testing-library/dom';
import type { Step, TextMatch } from '../driver';

type Matcher = string | RegExp;

function matcher(text: TextMatch): Matcher {
  return typeof text === 'string' ? text : new RegExp(text.source, text.flags);
}

const normalise = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

function textMatches(text: string, match: TextMatch): boolean {
  return typeof match === 'string' ? text === match : new RegExp(match.source, match.flags).test(text);
}

/** As a person reads it: the innermost visible elements whose whole text matches, even when the text is split over
 * several inline elements (Testing Library's own text query only reads an element's own text nodes). */
function byText(scope: HTMLElement, match: TextMatch): HTMLElement[] {
  const found: HTMLElement[] = [];
  for (const el of Array.from(scope.querySelectorAll<HTMLElement>('*'))) {
    if (el.closest('script, style, template, [hidden]') || !el.getClientRects().length) continue;
    if (!textMatches(normalise(el.textContent), match)) continue;
    if (Array.from(el.children).some((child) => textMatches(normalise(child.textContent), match))) continue;
    found.push(el);
  }
  return found;
}

function stepMatches(scope: HTMLElement, step: Step): HTMLElement[] {
  if ('role' in step) {
    const options: Parameters<typeof queries.queryAllByRole>[2] = {};
    if (step.name !== undefined) options.name = matcher(step.name);
    if (step.level !== undefined) options.level = step.level;
    return queries.queryAllByRole(scope, step.role, options);
  }
  if ('label' in step) return queries.queryAllByLabelText(scope, matcher(step.label));
  if ('text' in step) return byText(scope, step.text);
  return Array.from(scope.querySelectorAll<HTMLElement>(step.css));
}

/** Every element that the chain of steps reaches, each step searching inside the matches of the one before. */
function findAll(steps: Step[]): HTMLElement[] {
  let scopes: HTMLElement[] = [document.body];
  for (const step of steps) {
    const next: HTMLElement[] = [];
    for (const scope of scopes) for (const el of stepMatches(scope, step)) if (!next.includes(el)) next.push(el);
    scopes = step.nth === undefined ? next : next.slice(step.nth, step.nth + 1);
  }
  return scopes;
}

const engines = {
  findAll,
  find: (steps: Step[]): HTMLElement | null => findAll(steps)[0] ?? null,
  count: (steps: Step[]): number => findAll(steps).length,
  /** Text, value, attributes, focus and box of the first match, or null when nothing matches. */
  inspect(steps: Step[]) {
    const el = findAll(steps)[0];
    if (!el) return null;
    const rect = el.getBoundingClientRect();
    const attributes: Record<string, string> = {};
    for (const attr of Array.from(el.attributes)) attributes[attr.name] = attr.value;
    return {
      text: normalise(el.textContent),
      value: 'value' in el ? String((el as HTMLInputElement).value) : null,
      attributes,
      focused: document.activeElement === el,
      box: { x: rect.x, y: rect.y, width: rect.width, height: rect.height },
    };
  },
  /**
   * Centres the element, then answers null when a click in its middle reaches it (the element, something inside it or
   * a label of it), else the start of what covers it (an overlay on its way out, say).
   */
  coveredBy(el: HTMLElement): string | null {
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    if (hit && (el.contains(hit) || hit.closest('label')?.control === el)) return null;
    return hit ? hit.outerHTML.slice(0, 200) : 'nothing';
  },
  /** Selects a field's text so typing replaces it. */
  select(el: HTMLInputElement) {
    el.focus();
    el.select();
  },
  /** The text of the definition (dd) that follows the term (dt) reading `term`. */
  definitionOf(term: string): string | null {
    const dt = Array.from(document.querySelectorAll('dt')).find((el) => normalise(el.textContent) === term);
    const dd = dt?.nextElementSibling;
    return dd && dd.tagName === 'DD' ? normalise(dd.textContent) : null;
  },
};

Object.defineProperty(window, '__engines', { value: engines, configurable: true });
