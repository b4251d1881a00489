import type { SpinData } from '@tuzo/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { targetRotation } from '../components/spin-wheel';

/** Spec part 2, sections 4 and 9: a 1-second delay before the request, then a 4-second animation. */
export const SPIN_DELAY_MS = 1_000;
export const SPIN_ANIMATION_MS = 4_000;

export type SpinPhase = 'idle' | 'spinning' | 'result';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The spin sequence of both pages: idle -> spinning (1 s, the request, then 4 s of turning to the winning segment)
 * -> result (segment highlighted). A failed request returns to idle and rethrows for the page to report.
 */
export function useSpinSequence(segmentCount: number) {
  const [phase, setPhase] = useState<SpinPhase>('idle');
  const [rotation, setRotation] = useState(0);
  const [result, setResult] = useState<SpinData | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const spin = useCallback(
    async (request: () => Promise<SpinData>): Promise<SpinData | null> => {
      setPhase('spinning');
      setResult(null);
      await wait(SPIN_DELAY_MS);
      let data: SpinData;
      try {
        data = await request();
      } catch (error) {
        if (mounted.current) setPhase('idle');
        throw error;
      }
      setRotation((from) =>
        targetRotation({ from, index: data.segment, count: data.figures.length || segmentCount, rounds: data.rounds }),
      );
      await wait(SPIN_ANIMATION_MS);
      if (!mounted.current) return null;
      setResult(data);
      setPhase('result');
      return data;
    },
    [segmentCount],
  );

  return { phase, rotation, result, spin, isSpinning: phase === 'spinning' };
}
