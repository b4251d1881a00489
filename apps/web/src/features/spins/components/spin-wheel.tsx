import { cn } from '@/lib/cn';

const COLORS = ['#1d4ed8', '#f59e0b', '#059669', '#dc2626', '#7c3aed', '#0891b2', '#ea580c', '#4d7c0f'];
const RADIUS = 140;

/** A point on the wheel's circle, `degrees` clockwise from the top. */
function point(degrees: number, radius: number): [number, number] {
  const radians = ((degrees - 90) * Math.PI) / 180;
  return [radius * Math.cos(radians), radius * Math.sin(radians)];
}

function segmentPath(start: number, end: number): string {
  const [x0, y0] = point(start, RADIUS);
  const [x1, y1] = point(end, RADIUS);
  const large = end - start > 180 ? 1 : 0;
  return `M0 0 L${x0.toFixed(2)} ${y0.toFixed(2)} A${RADIUS} ${RADIUS} 0 ${large} 1 ${x1.toFixed(2)} ${y1.toFixed(2)}Z`;
}

/** The rotation that brings segment `index` of `count` under the pointer, `rounds` full turns past `from`. */
export function targetRotation(input: { from: number; index: number; count: number; rounds: number }): number {
  const size = 360 / input.count;
  const wanted = (360 - (input.index + 0.5) * size) % 360;
  const current = ((input.from % 360) + 360) % 360;
  const delta = (wanted - current + 360) % 360;
  return input.from + input.rounds * 360 + delta;
}

export interface SpinWheelProps {
  /** The labels of the segments, in wheel order. */
  labels: string[];
  rotation: number;
  isSpinning: boolean;
  highlighted: number | null;
  /** What the wheel is, for screen readers. */
  label: string;
}

/**
 * The wheel: plain SVG, segments clockwise from the top, a fixed pointer at the top. Turning is a CSS transition of
 * 4 seconds (the spec's animation) to the rotation the page sets; the winning segment is outlined and brightened.
 */
export function SpinWheel({ labels, rotation, isSpinning, highlighted, label }: SpinWheelProps) {
  const size = 360 / Math.max(labels.length, 1);
  return (
    <figure
      className="mx-auto w-full max-w-xs"
      data-testid="spin-wheel"
      data-highlighted={highlighted ?? ''}
      data-spinning={isSpinning}
    >
      <svg viewBox="-150 -160 300 310" role="img" aria-label={`${label}: ${labels.join(', ')}`} className="w-full">
        <g
          style={{
            transform: `rotate(${rotation}deg)`,
            transition: isSpinning ? 'transform 4s cubic-bezier(0.15, 0.6, 0.1, 1)' : 'none',
          }}
        >
          {labels.map((text, index) => {
            const start = index * size;
            const isWinner = highlighted === index;
            const [tx, ty] = point(start + size / 2, RADIUS * 0.68);
            return (
              <g key={index} data-testid={`spin-segment-${index}`} data-winner={isWinner || undefined}>
                <path
                  d={segmentPath(start, start + size)}
                  fill={COLORS[index % COLORS.length]}
                  stroke={isWinner ? '#facc15' : '#fff'}
                  strokeWidth={isWinner ? 6 : 1.5}
                  className={cn(highlighted !== null && !isWinner && 'opacity-40')}
                />
                <text
                  x={tx}
                  y={ty}
                  fill="#fff"
                  fontSize={labels.length > 12 ? 11 : 13}
                  fontWeight={700}
                  textAnchor="middle"
                  dominantBaseline="middle"
                  transform={`rotate(${start + size / 2} ${tx} ${ty})`}
                >
                  {text}
                </text>
              </g>
            );
          })}
          <circle r={18} fill="#0f172a" />
        </g>
        <path d="M-12 -158 L12 -158 L0 -132 Z" fill="#0f172a" aria-hidden="true" />
      </svg>
    </figure>
  );
}
