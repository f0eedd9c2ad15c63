// The language picker of the sign-in screen and the footer (docs/languages.md "Languages"): each language in its own
// name. A native select: keyboard and screen readers work as the platform does; switching keeps the page and what was
// typed.
import { memo, useEffect, useId, useState } from 'react';
import { message } from '../../messages/catalogue';
import { LANGUAGES, type LanguageTag } from '../../messages/languages';
import { chooseLanguage, offeredLanguages, useLanguage } from '../../state/language';
import { afterNextPaint } from '../../state/when-idle';

/**
 * False until the picker has been painted. The first screen then lays out only the chosen language's name: the others,
 * each in its own script, cost a font lookup apiece and were two thirds of the first screen's layout (docs/
 * performance.md, "Notes on the sixth round"). They come in a task of their own right after the first paint.
 */
function useEveryLanguage(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => afterNextPaint(() => setShown(true)), []);
  return shown;
}

/** Rendered again by the language alone, not by the page around it (memo). */
export const LanguagePicker = memo(function LanguagePicker({ className = '' }: { className?: string }) {
  const tag = useLanguage();
  const id = useId();
  const languages = useEveryLanguage() ? offeredLanguages : [tag];
  return (
    <div className={`language-picker ${className}`}>
      <label htmlFor={id}>{message('languageLabel')}</label>
      <select id={id} value={tag} onChange={(event) => void chooseLanguage(event.target.value as LanguageTag)}>
        {languages.map((offered) => (
          <option key={offered} value={offered} lang={offered}>
            {LANGUAGES[offered as keyof typeof LANGUAGES] ?? offered}
          </option>
        ))}
      </select>
    </div>
  );
});
