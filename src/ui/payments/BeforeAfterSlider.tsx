// The before/after comparison of the credits page, after the WAI-ARIA slider pattern: drag (mouse, touch, pen),
// click or tap anywhere on it, arrow keys by 5, Home/End; "Loading comparison images..." until both images load.
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { percentAfterKey, percentAt, SLIDER_MAX, SLIDER_MIN, SLIDER_START } from '../../domain/slider';
import { message } from '../../messages/catalogue';
import { useLanguage } from '../../state/language';

export interface BeforeAfterSliderProps {
  before: { src: string; alt: string };
  after: { src: string; alt: string };
  label: string;
}

type ImageState = 'loading' | 'loaded' | 'failed';

export function BeforeAfterSlider({ before, after, label }: BeforeAfterSliderProps) {
  useLanguage();
  const [value, setValue] = useState(SLIDER_START);
  const [images, setImages] = useState<{ before: ImageState; after: ImageState }>({
    before: 'loading',
    after: 'loading',
  });
  const stageRef = useRef<HTMLDivElement>(null);
  const thumbRef = useRef<HTMLDivElement>(null);
  const beforeRef = useRef<HTMLImageElement>(null);
  const afterRef = useRef<HTMLImageElement>(null);
  const dragging = useRef<number | null>(null);

  // An image already complete before React listened (the page's HTML preloads both) still counts as loaded, and
  // before the first paint: a layout effect's update renders before the browser paints, so the comparison shows in
  // the page's first frame rather than one frame later (the page's largest paint).
  useLayoutEffect(() => {
    const check = (img: HTMLImageElement | null): ImageState | null =>
      img?.complete ? (img.naturalWidth > 0 ? 'loaded' : 'failed') : null;
    const b = check(beforeRef.current);
    const a = check(afterRef.current);
    if (b || a) setImages((s) => ({ before: b ?? s.before, after: a ?? s.after }));
  }, []);

  const ready = images.before === 'loaded' && images.after === 'loaded';
  const failed = images.before === 'failed' || images.after === 'failed';

  const moveTo = (clientX: number) => {
    const box = stageRef.current?.getBoundingClientRect();
    if (box) setValue(Math.round(percentAt(clientX, box.left, box.width)));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!ready || (event.pointerType === 'mouse' && event.button !== 0)) return;
    dragging.current = event.pointerId;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    moveTo(event.clientX);
    // Keyboard users can go on from where they clicked; preventDefault keeps the page from selecting the image.
    event.preventDefault();
    thumbRef.current?.focus({ preventScroll: true });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current === event.pointerId) moveTo(event.clientX);
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current !== event.pointerId) return;
    dragging.current = null;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = percentAfterKey(event.key, value);
    if (next === null) return;
    event.preventDefault();
    setValue(next);
  };

  const imageEvents = (which: 'before' | 'after') => ({
    onLoad: () => setImages((s) => ({ ...s, [which]: 'loaded' })),
    onError: () => setImages((s) => ({ ...s, [which]: 'failed' })),
  });

  return (
    <figure className="compare">
      {/* Left to right in every language: the sketch stays on the left and the arrow keys move the way they point. */}
      <div
        ref={stageRef}
        dir="ltr"
        className={`compare-stage${ready ? ' is-ready' : ''}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        <img
          ref={afterRef}
          className="compare-image"
          src={after.src}
          alt={after.alt}
          width={960}
          height={600}
          fetchPriority="high"
          draggable={false}
          {...imageEvents('after')}
        />
        <div className="compare-before" style={{ clipPath: `inset(0 ${SLIDER_MAX - value}% 0 0)` }}>
          <img
            ref={beforeRef}
            className="compare-image"
            src={before.src}
            alt={before.alt}
            width={960}
            height={600}
            fetchPriority="high"
            draggable={false}
            {...imageEvents('before')}
          />
        </div>
        {ready && (
          <>
            <span className="compare-label compare-label-before" aria-hidden="true">
              {message('compareBefore')}
            </span>
            <span className="compare-label compare-label-after" aria-hidden="true">
              {message('compareAfter')}
            </span>
            <div className="compare-divider" style={{ left: `${value}%` }} aria-hidden="true" />
            <div
              ref={thumbRef}
              className="compare-thumb"
              style={{ left: `${value}%` }}
              role="slider"
              tabIndex={0}
              aria-label={label}
              aria-valuemin={SLIDER_MIN}
              aria-valuemax={SLIDER_MAX}
              aria-valuenow={value}
              aria-valuetext={message('compareValueText', { before: value, after: SLIDER_MAX - value })}
              aria-orientation="horizontal"
              onKeyDown={onKeyDown}
            >
              <span aria-hidden="true">{message('compareGrip')}</span>
            </div>
          </>
        )}
        {!ready && (
          <div className="compare-loading" role="status">
            {message(failed ? 'compareImagesFailed' : 'compareImagesLoading')}
          </div>
        )}
      </div>
      <figcaption className="compare-caption">{message('compareCaption')}</figcaption>
    </figure>
  );
}
