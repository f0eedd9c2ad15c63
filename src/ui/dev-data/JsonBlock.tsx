// Formatted JSON with a Copy button (the text copied is the masked text shown).
import { useEffect, useRef, useState } from 'react';
import { showToast } from '../../state/toasts';
import { devMessage } from '../../messages/dev-catalogue';

export function JsonBlock({ value, label }: { value: unknown; label: string }) {
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
      showToast('success', devMessage('devCopiedToast', { what: label }));
    } catch {
      showToast('error', devMessage('devCopyRefused'));
    }
  };
  return (
    <div className="json-block">
      <button
        type="button"
        className="button secondary json-copy"
        onClick={() => void onCopy()}
        aria-label={devMessage(copied ? 'devCopiedLabel' : 'devCopyLabel', { what: label })}
      >
        {devMessage(copied ? 'devCopied' : 'devCopy')}
      </button>
      {/* Focusable so keyboard users can scroll a long answer sideways. */}
      <pre tabIndex={0} aria-label={label}>
        <code>{text}</code>
      </pre>
    </div>
  );
}
