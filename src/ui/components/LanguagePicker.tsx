// The language picker of the sign-in screen and the footer (docs/languages.md "Languages"): each language in its own
// name. A native select: keyboard and screen readers work as the platform does; switching keeps the page and what was
// typed.
import { useId } from 'react';
import { message } from '../../messages/catalogue';
import { LANGUAGES, type LanguageTag } from '../../messages/languages';
import { chooseLanguage, offeredLanguages, useLanguage } from '../../state/language';

export function LanguagePicker({ className = '' }: { className?: string }) {
  const tag = useLanguage();
  const id = useId();
  return (
    <div className={`language-picker ${className}`}>
      <label htmlFor={id}>{message('languageLabel')}</label>
      <select id={id} value={tag} onChange={(event) => void chooseLanguage(event.target.value as LanguageTag)}>
        {offeredLanguages.map((offered) => (
          <option key={offered} value={offered} lang={offered}>
            {LANGUAGES[offered as keyof typeof LANGUAGES] ?? offered}
          </option>
        ))}
      </select>
    </div>
  );
}
