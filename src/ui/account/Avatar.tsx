// The profile photo, or an initials placeholder in a stable colour when there is none or it fails to load.
import { useState } from 'react';
import { avatarTone, initials } from '../../domain/profile';
import { message } from '../../messages/catalogue';
import { useLanguage } from '../../state/language';

export function Avatar({
  photoURL,
  name,
  email,
  seed,
}: {
  photoURL: string | null;
  name: string | null;
  email: string | null;
  seed: string;
}) {
  useLanguage();
  const [failed, setFailed] = useState<string | null>(null);
  if (photoURL && failed !== photoURL) {
    // no-referrer: identity providers' photo hosts refuse hotlinked requests that carry a referrer.
    return (
      <img
        className="avatar avatar-photo"
        src={photoURL}
        alt={message('profilePhotoAlt')}
        referrerPolicy="no-referrer"
        onError={() => setFailed(photoURL)}
      />
    );
  }
  return (
    <span className={`avatar avatar-initials avatar-tone-${avatarTone(seed)}`} aria-hidden="true">
      {initials(name, email)}
    </span>
  );
}
