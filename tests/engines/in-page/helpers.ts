// Runs in the browser under test (bundled by tests/engines/in-page.ts): finds elements the way a person names them,
// by role and accessible name, label or text, using Testing Library's queries (the same accessible-name rules in
// every engine, since this code, not the engine, computes them).
import { queries } from '@testing-library/dom';
import type { Step, TextMatch } from '../driver';

type Matcher = string | RegExp;

function matcher(text: TextMatch): Matcher {
  return typeof text === 'string' ? text : new RegExp(text.source, text.flags);
}

function stepMatches(scope: HTMLElement, step: Step): HTMLElement[] {
  if ('role' in step) {
    const options: Parameters<typeof queries.queryAllByRole>[2] = {};
    if (step.name !== undefined) options.name = matcher(step.name);
    if (step.level !== undefined) options.level = step.level;
    return queries.queryAllByRole(scope, step.role, options);
  }
  if ('label' in step) return queries.queryAllByLabelText(scope, matcher(step.label));
  if ('text' in step) return queries.queryAllByText(scope, matcher(step.text), { ignore: 'script, style' });
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
      text: (el.textContent ?? '').replace(/\s+/g, ' ').trim(),
      value: 'value' in el ? String((el as HTMLInputElement).value) : null,
      attributes,
      focused: document.activeElement === el,
      box: { x: rect.x, y: rect.y, width: rect.width, height: rect.height },
    };
  },
  /** Selects a field's text so typing replaces it. */
  select(el: HTMLInputElement) {
    el.focus();
    el.select();
  },
  scrollIntoView(el: HTMLElement) {
    el.scrollIntoView({ block: 'center', inline: 'center' });
  },
};

Object.defineProperty(window, '__engines', { value: engines, configurable: true });
