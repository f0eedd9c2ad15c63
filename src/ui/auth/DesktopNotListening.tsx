// Shown when the desktop app did not answer at its address: open it, then Try again; the user stays signed in.
import { message } from '../../messages/catalogue';
import { retryDesktopHandoff, skipDesktopHandoff } from '../../state/handoff';
import { Dialog } from '../components/Dialog';
import { useLanguage } from '../../state/language';

export function DesktopNotListening() {
  useLanguage();
  return (
    <Dialog
      title={message('desktopNotListeningHeading')}
      description={message('desktopNotListeningText')}
      onClose={skipDesktopHandoff}
    >
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={skipDesktopHandoff}>
          {message('desktopSkip')}
        </button>
        <button type="button" className="button" onClick={() => void retryDesktopHandoff()}>
          {message('desktopTryAgain')}
        </button>
      </div>
    </Dialog>
  );
}
