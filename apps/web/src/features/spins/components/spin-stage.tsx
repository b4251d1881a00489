import type { useSpinSequence } from '../hooks/use-spin-sequence';
import { wheelLabel } from '../utils/spin-rules';
import { SpinResult } from './spin-result';
import { SpinWheel } from './spin-wheel';

/** A wheel as it turns and, under it, the last spin's result; `figures` are the wheel's segments in wheel order. */
export function SpinStage({
  kind,
  label,
  figures,
  sequence,
}: {
  kind: 'free' | 'casino';
  label: string;
  figures: readonly string[];
  sequence: ReturnType<typeof useSpinSequence>;
}) {
  return (
    <>
      <SpinWheel
        label={label}
        labels={figures.map((f) => wheelLabel(kind, f))}
        rotation={sequence.rotation}
        isSpinning={sequence.isSpinning}
        highlighted={sequence.result?.segment ?? null}
      />
      <SpinResult result={sequence.result} />
    </>
  );
}
