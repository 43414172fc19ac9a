import type { RetentionPoint } from '@app/contracts/sponsor-reports';
import { t } from '../../i18n/i18n';
import { formatPercent } from './figure-text';

const WIDTH = 600;
const HEIGHT = 220;
const PAD = { left: 48, right: 12, top: 12, bottom: 28 };

/** The y-axis top: 100 %, or more when a part of the video is rewatched (a ratio above 1). */
const topOf = (points: readonly RetentionPoint[]) =>
  Math.max(1, Math.ceil(Math.max(...points.map((p) => p.watchRatio)) * 4) / 4);

/**
 * The retention curve (audienceWatchRatio by elapsedVideoTimeRatio) drawn on the server as an inline SVG: no
 * script, no chart library, a few hundred bytes, crisp in print. Gridlines at 0, 50 and 100 %.
 */
export function RetentionChart({ points }: { points: readonly RetentionPoint[] }) {
  const top = topOf(points);
  const x = (elapsed: number) => PAD.left + elapsed * (WIDTH - PAD.left - PAD.right);
  const y = (ratio: number) => PAD.top + (1 - ratio / top) * (HEIGHT - PAD.top - PAD.bottom);
  const line = points.map((p) => `${x(p.elapsed).toFixed(1)},${y(p.watchRatio).toFixed(1)}`).join(' ');
  const first = points[0];
  const last = points[points.length - 1];
  const area = `${x(first.elapsed).toFixed(1)},${y(0)} ${line} ${x(last.elapsed).toFixed(1)},${y(0)}`;
  const grid = [0, 0.5, 1, ...(top > 1 ? [top] : [])];
  const label = `${t('report.retention')}: ${formatPercent(first.watchRatio * 100, 0)} → ${formatPercent(
    last.watchRatio * 100,
    0,
  )}`;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} className="retention">
      {grid.map((ratio) => (
        <g key={ratio}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(ratio)} y2={y(ratio)} stroke="#dcdfe4" />
          <text x={PAD.left - 6} y={y(ratio) + 4} textAnchor="end" fontSize="12" fill="#5b6068">
            {formatPercent(ratio * 100, 0)}
          </text>
        </g>
      ))}
      <polygon points={area} fill="#c4302b" fillOpacity="0.12" />
      <polyline points={line} fill="none" stroke="#c4302b" strokeWidth="2.5" strokeLinejoin="round" />
      <text x={PAD.left} y={HEIGHT - 8} fontSize="12" fill="#5b6068">
        {t('report.retentionStart')}
      </text>
      <text x={WIDTH - PAD.right} y={HEIGHT - 8} textAnchor="end" fontSize="12" fill="#5b6068">
        {t('report.retentionEnd')}
      </text>
    </svg>
  );
}
