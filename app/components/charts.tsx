// Charts drawn on the server as SVG (no JavaScript needed to see them), with d3-scale and
// d3-shape doing the geometry. Each chart is a <figure>: the SVG carries a title and a
// text alternative (role="img"), and the same numbers follow in a table inside <details>.
// Sized in a 360-unit-wide viewBox so that text stays readable on a 360 px phone; the
// colours are the site's (app/insights.css). docs/decisions/admin-ui/admin-insights.md > Admin insights: charts.
import type { ReactNode } from "react";
import { scaleBand, scaleLinear, scalePoint } from "d3-scale";
import { area, line } from "d3-shape";

export type ChartTable = { head: string[]; rows: ReactNode[][] };

const WIDTH = 360;

function Figure({ id, title, table, children }: { id: string; title: string; summary: string; table: ChartTable; children: ReactNode }) {
  return (
    <figure className="chart" aria-labelledby={`${id}-nadpis`}>
      <figcaption id={`${id}-nadpis`}>{title}</figcaption>
      {children}
      <details className="chart-data">
        <summary>Tabuľka s údajmi: {title}</summary>
        <div className="table-scroll" tabIndex={0} role="region" aria-label={`Údaje: ${title}`}>
          <table className="admin-table chart-table">
            <thead>
              <tr>
                {table.head.map((h, i) => (
                  <th key={i} scope="col" className={i ? "amount" : undefined}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) =>
                    c === 0 ? (
                      <th key={c} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={c} className="amount">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

function SvgFrame({ id, title, summary, height, children }: { id: string; title: string; summary: string; height: number; children: ReactNode }) {
  return (
    <svg
      className="chart-svg"
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-labelledby={`${id}-svg-title ${id}-svg-desc`}
      preserveAspectRatio="xMidYMid meet"
    >
      <title id={`${id}-svg-title`}>{title}</title>
      <desc id={`${id}-svg-desc`}>{summary}</desc>
      {children}
    </svg>
  );
}

/** Columns over time (one per day or month), with a few labelled ticks on both axes. */
export function ColumnChart(props: {
  id: string;
  title: string;
  summary: string;
  points: { label: string; short: string; value: number }[];
  format: (value: number) => string;
  table: ChartTable;
}) {
  const { points, format } = props;
  const height = 200;
  const margin = { top: 12, right: 12, bottom: 30, left: 64 };
  const x = scaleBand<string>()
    .domain(points.map((p) => p.label))
    .range([margin.left, WIDTH - margin.right])
    .paddingInner(0.2);
  const max = Math.max(1, ...points.map((p) => p.value));
  const y = scaleLinear()
    .domain([0, max])
    .nice(4)
    .range([height - margin.bottom, margin.top]);
  const ticks = y.ticks(4);
  // label at most five columns, evenly spaced from the first
  const every = Math.max(1, Math.ceil(points.length / 5));
  return (
    <Figure {...props}>
      <SvgFrame id={props.id} title={props.title} summary={props.summary} height={height}>
        {ticks.map((t) => (
          <g key={t}>
            <line className="chart-grid" x1={margin.left} x2={WIDTH - margin.right} y1={y(t)} y2={y(t)} />
            <text className="chart-tick" x={margin.left - 4} y={y(t)} dy="0.32em" textAnchor="end">
              {format(t)}
            </text>
          </g>
        ))}
        {points.map((p) => (
          <rect key={p.label} className="chart-bar" x={x(p.label)} width={x.bandwidth()} y={y(p.value)} height={Math.max(0, y(0) - y(p.value))}>
            <title>{`${p.label}: ${format(p.value)}`}</title>
          </rect>
        ))}
        {points.map((p, i) =>
          i % every === 0 ? (
            <text
              key={p.label}
              className="chart-tick"
              x={(x(p.label) ?? 0) + x.bandwidth() / 2}
              y={height - margin.bottom + 18}
              textAnchor={i === points.length - 1 ? "end" : "middle"}
            >
              {p.short}
            </text>
          ) : null,
        )}
      </SvgFrame>
    </Figure>
  );
}

/** Horizontal bars, a label above each (long course names fit a phone), the value at the bar's end. */
export function BarList(props: {
  id: string;
  title: string;
  summary: string;
  bars: { label: string; value: number; display: string; muted?: boolean }[];
  /** the value a full bar stands for (default: the largest) */
  max?: number;
  table: ChartTable;
}) {
  const rowHeight = 44;
  const height = Math.max(rowHeight, props.bars.length * rowHeight) + 4;
  const max = Math.max(1, props.max ?? Math.max(0, ...props.bars.map((b) => b.value)));
  const x = scaleLinear()
    .domain([0, max])
    .range([0, WIDTH - 120]);
  return (
    <Figure {...props}>
      <SvgFrame id={props.id} title={props.title} summary={props.summary} height={height}>
        {props.bars.map((b, i) => (
          <g key={i} transform={`translate(0, ${i * rowHeight})`}>
            <text className="chart-label" x={0} y={15}>
              {b.label.length > 44 ? `${b.label.slice(0, 42)}…` : b.label}
            </text>
            <rect
              className={b.muted ? "chart-bar chart-bar-muted" : "chart-bar"}
              x={0}
              y={22}
              height={16}
              width={Math.max(b.value > 0 ? 2 : 0, x(b.value))}
              rx={2}
            />
            <text className="chart-value" x={x(b.value) + 6} y={35}>
              {b.display}
            </text>
          </g>
        ))}
      </SvgFrame>
    </Figure>
  );
}

/** A curve of shares (0..1) over ordered steps, e.g. the drop-off through a course. */
export function ShareCurve(props: {
  id: string;
  title: string;
  summary: string;
  /** `short` under the axis, `name` (default `short`) in the point's tooltip */
  points: { key: string; short: string; name?: string; share: number }[];
  table: ChartTable;
}) {
  const height = 200;
  const margin = { top: 12, right: 16, bottom: 30, left: 48 };
  const x = scalePoint<string>()
    .domain(props.points.map((p) => p.key))
    .range([margin.left, WIDTH - margin.right])
    .padding(0.3);
  const y = scaleLinear()
    .domain([0, 1])
    .range([height - margin.bottom, margin.top]);
  const px = (p: { key: string }) => x(p.key) ?? margin.left;
  const path =
    line<{ key: string; share: number }>()
      .x(px)
      .y((p) => y(p.share))(props.points) ?? "";
  const fill =
    area<{ key: string; share: number }>()
      .x(px)
      .y0(y(0))
      .y1((p) => y(p.share))(props.points) ?? "";
  const every = Math.max(1, Math.ceil(props.points.length / 5));
  return (
    <Figure {...props}>
      <SvgFrame id={props.id} title={props.title} summary={props.summary} height={height}>
        {[0, 0.25, 0.5, 0.75, 1].map((t) => (
          <g key={t}>
            <line className="chart-grid" x1={margin.left} x2={WIDTH - margin.right} y1={y(t)} y2={y(t)} />
            <text className="chart-tick" x={margin.left - 4} y={y(t)} dy="0.32em" textAnchor="end">{`${t * 100} %`}</text>
          </g>
        ))}
        <path className="chart-area" d={fill} />
        <path className="chart-line" d={path} />
        {props.points.map((p) => (
          <circle key={p.key} className="chart-dot" cx={px(p)} cy={y(p.share)} r={3}>
            <title>{`${p.name ?? p.short}: ${Math.round(p.share * 100)} %`}</title>
          </circle>
        ))}
        {props.points.map((p, i) =>
          i % every === 0 ? (
            <text key={p.key} className="chart-tick" x={px(p)} y={height - margin.bottom + 18} textAnchor={i === props.points.length - 1 ? "end" : "middle"}>
              {p.short}
            </text>
          ) : null,
        )}
      </SvgFrame>
    </Figure>
  );
}
