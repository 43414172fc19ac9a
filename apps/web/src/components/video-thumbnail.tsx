import { thumbnailFallbacks } from '@app/contracts/youtube';
import { type ImgHTMLAttributes, type ReactNode, useEffect, useRef, useState } from 'react';
import { isMissing } from '../lib/thumbnail';

type VideoThumbnailProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError' | 'onLoad'> & {
  src: string | null | undefined;
  width: number;
  height: number;
  /** The class of the placeholder, which must give it the box the image has. */
  placeholderClassName?: string;
  /** What the placeholder reads (nothing by default). */
  placeholder?: ReactNode;
};

/**
 * A video's thumbnail that falls back (issue 23): a YouTube image steps down maxres → sd → hq → mq when a size
 * is missing, any other image goes straight to the placeholder, and the placeholder keeps the image's box, so
 * nothing moves. The server renders the first URL; an image that failed before hydration is caught on mount.
 */
export function VideoThumbnail({
  src,
  placeholderClassName,
  placeholder,
  className,
  ...img
}: VideoThumbnailProps) {
  const [state, setState] = useState({ src, step: 0 });
  if (state.src !== src) setState({ src, step: 0 });
  const chain = src ? thumbnailFallbacks(src) : [];
  const step = state.src === src ? state.step : 0;
  const current = chain[step];
  const ref = useRef<HTMLImageElement>(null);

  // The error event and the check on mount may both see one failure: only the first steps on.
  const failed = (at: number) =>
    setState((s) => (s.src === src && s.step === at ? { src, step: at + 1 } : s));

  useEffect(() => {
    const image = ref.current;
    if (image?.complete && isMissing(image)) failed(step);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per URL tried
  }, [current]);

  if (!current)
    return (
      <span className={placeholderClassName ?? className} data-thumbnail="placeholder">
        {placeholder}
      </span>
    );
  return (
    <img
      {...img}
      ref={ref}
      src={current}
      className={className}
      data-thumbnail="image"
      onError={() => failed(step)}
      onLoad={(event) => {
        if (isMissing(event.currentTarget)) failed(step);
      }}
    />
  );
}
