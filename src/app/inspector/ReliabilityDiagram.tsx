/**
 * The band calibration check (Mnema §5.3) drawn as a reliability diagram: for each
 * confidence band, the fraction of its labelled claims that are true, against the band's
 * nominal range. The shaded box of a band is where its fraction may lie (the range
 * ± the tolerance); the dot is where it lies, filled when it passes. The table beside
 * it says the same in numbers, as `warrant calibrate` prints them.
 */
import type { CalibrationReport } from '../../core/mnema/calibration.ts';
import { CALIBRATION_TOLERANCE } from '../../core/mnema/calibration.ts';
import { bandColour } from '../graph/bandColours.ts';

const SIZE = 200;
const PAD = 28;
/** Room at the left for the ticks (0.25) and, apart from them, the axis title. */
const LEFT = 44;
const x = (v: number) => LEFT + v * SIZE;
const y = (v: number) => PAD + (1 - v) * SIZE;
const clamp = (v: number) => Math.max(0, Math.min(1, v));
const short = (v: number) => v.toFixed(2).replace(/^0/, '');

export function ReliabilityDiagram({ report }: { report: CalibrationReport }) {
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  return (
    <figure className="reliability" data-testid="reliability-diagram" data-pass={report.pass}>
      <svg viewBox={`0 0 ${LEFT + SIZE + PAD} ${SIZE + PAD * 2}`} role="img" aria-label={`reliability diagram: ${report.pass ? 'every band passes' : 'a band fails'}`}>
        <rect x={x(0)} y={y(1)} width={SIZE} height={SIZE} className="reliability-frame" />
        {ticks.map((t) => (
          <g key={t}>
            <text x={x(t)} y={y(0) + 14} textAnchor="middle" className="reliability-tick">
              {t}
            </text>
            <text x={x(0) - 4} y={y(t) + 3} textAnchor="end" className="reliability-tick">
              {t}
            </text>
          </g>
        ))}
        <line x1={x(0)} y1={y(0)} x2={x(1)} y2={y(1)} className="reliability-diagonal" />
        {report.bands.map((b) => {
          const low = clamp(b.range[0] - CALIBRATION_TOLERANCE);
          const high = clamp(b.range[1] + CALIBRATION_TOLERANCE);
          const mid = (b.range[0] + b.range[1]) / 2;
          return (
            <g key={b.band} data-band={b.band}>
              <rect x={x(b.range[0])} y={y(high)} width={(b.range[1] - b.range[0]) * SIZE} height={(high - low) * SIZE} fill={bandColour(b.band)} className="reliability-allowed" />
              {b.true_fraction !== null && (
                <g>
                  <circle cx={x(mid)} cy={y(b.true_fraction)} r={5} className={b.pass ? 'reliability-pass' : 'reliability-fail'} />
                  {/* Beside the dot, not over it (a dot near the top would put it on the frame). */}
                  <text x={x(mid) + 8} y={y(b.true_fraction) + 3} textAnchor="start" className="reliability-count">
                    n={b.count}
                  </text>
                </g>
              )}
            </g>
          );
        })}
        <text x={x(0.5)} y={y(0) + 26} textAnchor="middle" className="reliability-axis">
          confidence band
        </text>
        <text x={12} y={y(0.5)} textAnchor="middle" className="reliability-axis" transform={`rotate(-90 12 ${y(0.5)})`}>
          labelled true
        </text>
      </svg>
      <table className="reliability-table">
        <thead>
          <tr>
            <th>band</th>
            <th>range</th>
            <th title="labelled claims in the band">n</th>
            <th title="the fraction labelled true">true</th>
            <th>check</th>
          </tr>
        </thead>
        <tbody>
          {report.bands.map((b) => (
            <tr key={b.band} data-testid={`calibration-${b.band}`}>
              <td>{b.band}</td>
              {/* `.40–.70`, as the legends write ranges: the table fits a narrow inspector. */}
              <td>
                {short(b.range[0])}–{short(b.range[1])}
              </td>
              <td>{b.count}</td>
              <td>{b.true_fraction === null ? '—' : b.true_fraction.toFixed(2)}</td>
              <td className={b.count > 0 && !b.pass ? 'status-error' : undefined}>{b.count === 0 ? 'empty' : b.pass ? 'pass' : 'fail'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <figcaption className="muted">
        Within ±{CALIBRATION_TOLERANCE.toFixed(2)} of each band’s range: {report.pass ? 'every band passes' : 'a band fails'}. {report.unlabelled.length} claim
        {report.unlabelled.length === 1 ? '' : 's'} without a label
        {report.unknown_labels.length > 0 && `; ${report.unknown_labels.length} label${report.unknown_labels.length === 1 ? '' : 's'} for no claim`}.
      </figcaption>
    </figure>
  );
}
