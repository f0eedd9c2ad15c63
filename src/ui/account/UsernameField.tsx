// Username with inline edit (SPEC 2, 4): Edit, then Save or Cancel. Only the part before '#' is shown or edited.
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useSnapshot } from 'valtio';
import { account, cancelUsernameEdit, startUsernameEdit, submitUsername } from '../../state/account';
import { message } from '../../messages/catalogue';
import { useLanguage } from '../../state/language';

export function UsernameField({ name, labelId }: { name: string; labelId: string }) {
  useLanguage();
  const snap = useSnapshot(account).username;
  const saving = snap.status === 'pending';
  const [draft, setDraft] = useState(name);
  const inputRef = useRef<HTMLInputElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const errorId = useId();
  const wasEditing = useRef(snap.editing);

  // Entering edit mode puts the cursor in the field; leaving it gives focus back to Edit.
  useEffect(() => {
    if (snap.editing && !wasEditing.current) inputRef.current?.select();
    if (!snap.editing && wasEditing.current) editRef.current?.focus();
    wasEditing.current = snap.editing;
  }, [snap.editing]);

  const onEdit = () => {
    setDraft(name);
    startUsernameEdit();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submitUsername(draft);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      cancelUsernameEdit();
    }
  };

  if (!snap.editing) {
    return (
      <div className="username-view">
        <span className="username-value">{name || message('notAvailable')}</span>
        <button
          ref={editRef}
          type="button"
          className="button link"
          onClick={onEdit}
          aria-label={message('editUsernameLabel')}
        >
          {message('editUsername')}
        </button>
      </div>
    );
  }
  return (
    <form className="username-form" onSubmit={onSubmit} onKeyDown={onKeyDown} aria-busy={saving || undefined}>
      <input
        ref={inputRef}
        className="username-input"
        aria-labelledby={labelId}
        aria-invalid={snap.error ? true : undefined}
        aria-describedby={snap.error ? errorId : undefined}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        autoComplete="nickname"
        spellCheck={false}
        disabled={saving}
      />
      <div className="username-actions">
        <button type="submit" className="button" disabled={saving}>
          {message(saving ? 'saving' : 'save')}
        </button>
        <button type="button" className="button secondary" onClick={cancelUsernameEdit} disabled={saving}>
          {message('cancel')}
        </button>
      </div>
      {snap.error && (
        <p id={errorId} className="field-error" role="alert">
          {snap.error}
        </p>
      )}
    </form>
  );
}
