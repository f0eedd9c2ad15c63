// One saved design: thumbnail of its house model (or a visible stand-in), name, "Last edited" date.
import { useState } from 'react';
import type { Design } from '../../domain/entities';
import { modelThumbnailPath } from '../../domain/shared-link';
import { HouseIcon } from '../components/HouseIcon';
import { message } from '../../messages/catalogue';
import { formatDate } from '../../messages/format';
import { useLanguage } from '../../state/language';

/** "Modern_Villa" reads as "Modern Villa". */
function modelLabel(modelName: string): string {
  return modelName.replace(/_+/g, ' ').trim();
}

export function DesignCard({ design }: { design: Design }) {
  useLanguage();
  const src = modelThumbnailPath(design.modelName || undefined);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const edited = formatDate(design.lastModified, 'medium');
  // The model is worth a line only when the name does not already say it.
  const model = design.modelName ? modelLabel(design.modelName) : '';
  return (
    <li className="card design-card">
      <div className="design-card-thumb">
        {src && failedSrc !== src ? (
          // The model name is written below, so the picture adds nothing for a screen reader.
          <img
            src={src}
            alt=""
            width={480}
            height={320}
            loading="lazy"
            decoding="async"
            onError={() => setFailedSrc(src)}
          />
        ) : (
          <div className="design-card-fallback">
            <HouseIcon size={44} strokeWidth={3} />
            <span>{message('noPreview')}</span>
          </div>
        )}
      </div>
      <div className="design-card-body">
        <h2 className="design-card-name">{design.name ?? message('untitledDesign')}</h2>
        {model && model !== design.name && <p className="design-card-model">{model}</p>}
        <p className="design-card-date">
          {message('lastEdited')}{' '}
          {edited && design.lastModified ? (
            <time dateTime={design.lastModified}>{edited}</time>
          ) : (
            <span>{message('lastEditedUnknown')}</span>
          )}
        </p>
      </div>
    </li>
  );
}
