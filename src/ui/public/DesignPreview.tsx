// The shared design's thumbnail (from its house model) with a visible stand-in when there is none or it fails.
import { useState } from 'react';
import { modelThumbnailPath } from '../../domain/shared-link';
import { message } from '../../messages/catalogue';
import { HouseIcon } from '../components/HouseIcon';
import { useLanguage } from '../../state/language';

export function DesignPreview({ model }: { model: string | undefined }) {
  useLanguage();
  const src = modelThumbnailPath(model);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = src !== null && failedSrc !== src;
  return (
    <figure className="design-preview">
      {showImage ? (
        <img
          className="design-thumbnail"
          src={src}
          alt={message('thumbnailAlt', { model: model ?? '' })}
          width={480}
          height={270}
          onError={() => setFailedSrc(src)}
        />
      ) : (
        <div className="design-thumbnail design-thumbnail-fallback">
          <HouseIcon size={48} strokeWidth={3} />
          <span>{message('noPreview')}</span>
        </div>
      )}
      {model && <figcaption>{message('houseModel', { model })}</figcaption>}
    </figure>
  );
}
