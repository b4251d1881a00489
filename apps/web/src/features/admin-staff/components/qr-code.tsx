import { useEffect, useRef, useState } from 'react';

/**
 * The otpauth URI as a QR code on a canvas. The encoder (lean-qr, a few kB) is loaded only when this renders, so it
 * never reaches a page but the enrolment one.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [hasFailed, setFailed] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    import('lean-qr')
      .then(({ generate }) => {
        if (isCurrent && canvas.current) generate(value).toCanvas(canvas.current);
      })
      .catch(() => isCurrent && setFailed(true));
    return () => {
      isCurrent = false;
    };
  }, [value]);
  if (hasFailed) return <p className="text-sm text-red-700">The QR code could not be drawn; type the secret instead.</p>;
  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={label}
      data-testid="totp-qr"
      className="size-48 rounded-md border border-slate-200 bg-white p-2 [image-rendering:pixelated]"
    />
  );
}
