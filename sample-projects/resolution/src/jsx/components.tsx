// expect: RENDERS src/jsx/components.tsx:Panel.render -> src/jsx/components.tsx:Badge
// expect: CALLS src/jsx/components.tsx:Badge -> src/jsx/components.tsx:formatLabel

export interface BadgeProps {
  label: string;
  tone?: 'info' | 'warning';
}

function formatLabel(label: string): string {
  return label.trim().toUpperCase();
}

/** Function component. */
export function Badge(props: BadgeProps): JSX.Element {
  return <span className={`badge badge-${props.tone ?? 'info'}`}>{formatLabel(props.label)}</span>;
}

export interface PanelProps {
  title: string;
  children?: unknown;
}

/** Class component (no framework: just the shape JSX.ElementClass asks for). */
export class Panel {
  readonly props: PanelProps;

  constructor(props: PanelProps) {
    this.props = props;
  }

  render(): JSX.Element {
    return (
      <section>
        <h2>
          {this.props.title} <Badge label="new" />
        </h2>
        {this.props.children}
      </section>
    );
  }
}
