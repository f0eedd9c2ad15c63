// The shared design's thumbnail (from its house model) with a visible stand-in when there is none or it fails.
import { useState } from 'react';
import { modelThumbnailPath } from '../../domain/shared-link';
import { message } from '../../messages/catalogue';

export function DesignPreview({ model }: { model: string | undefined }) {
  const src = modelThumbnailPath(model);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = src !== null && failedSrc !== src;
  return (
    <figure className="design-preview">
      {showImage ? (
        <img className="design-thumbnail" src={src} alt={message('thumbnailAlt', { model: model ?? '' })} width={480} height={270} onError={() => setFailedSrc(src)} />
      ) : (
        <div className="design-thumbnail design-thumbnail-fallback">
          <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
            <path d="M6 22 24 7l18 15v3h-4v16H10V25H6z" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
            <path d="M20 41V30h8v11" fill="none" stroke="currentColor" strokeWidth="3" />
          </svg>
          <span>{message('noPreview')}</span>
        </div>
      )}
      {model && <figcaption>{message('houseModel', { model })}</figcaption>}
    </figure>
  );
}
