// Formatted JSON with a Copy button (the text copied is the masked text shown).
import { useEffect, useRef, useState } from 'react';
import { showToast } from '../../state/toasts';
import { message } from '../../messages/catalogue';
import { useLanguage } from '../../state/language';

export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  useLanguage();
  const text = JSON.stringify(value, null, 2) ?? 'undefined';
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 2000);
      showToast('success', `${label} copied to the clipboard`);
    } catch {
      showToast('error', message('copyRefused'));
    }
  };
  return (
    <div className="json-block">
      <button type="button" className="button secondary json-copy" onClick={() => void onCopy()}>
        {message(copied ? 'copied' : 'copy')}
        <span className="visually-hidden"> {label}</span>
      </button>
      {/* Focusable so keyboard users can scroll a long answer sideways. */}
      <pre tabIndex={0} aria-label={label}>
        <code>{text}</code>
      </pre>
    </div>
  );
}
