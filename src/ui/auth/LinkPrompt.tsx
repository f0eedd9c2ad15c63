// Asks before a `?link=` launch ties the desktop guest player to this account: the call runs only on Link.
import { message } from '../../messages/catalogue';
import { answerLink } from '../../state/handoff';
import { Dialog } from '../components/Dialog';
import { useLanguage } from '../../state/language';

export function LinkPrompt() {
  useLanguage();
  const decline = () => answerLink(false);
  return (
    <Dialog title={message('appLinkQuestion')} description={message('appLinkQuestionText')} onClose={decline}>
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={decline}>
          {message('appLinkDecline')}
        </button>
        <button type="button" className="button" onClick={() => answerLink(true)}>
          {message('appLinkConfirm')}
        </button>
      </div>
    </Dialog>
  );
}
