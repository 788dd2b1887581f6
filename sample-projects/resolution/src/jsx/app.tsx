// expect: IMPORTS src/jsx/app.tsx -> src/jsx/components.tsx
// expect: RENDERS src/jsx/app.tsx:App -> src/jsx/components.tsx:Panel
// expect: RENDERS src/jsx/app.tsx:App -> src/jsx/components.tsx:Badge
// expect: RENDERS src/jsx/app.tsx:App -> src/jsx/app.tsx:Footer
// expect: CALLS src/jsx/app.tsx:Footer -> src/jsx/app.tsx:copyright
import { Badge, Panel } from './components';

function copyright(year: number): string {
  return `(c) ${year} Example Corp`;
}

const Footer = (): JSX.Element => <footer>{copyright(2024)}</footer>;

export function App(props: { user: string; alerts: number }): JSX.Element {
  return (
    <main>
      <Panel title={`Welcome ${props.user}`}>
        <p>You have {props.alerts} alerts.</p>
        <Badge label="alerts" tone={props.alerts > 0 ? 'warning' : 'info'} />
      </Panel>
      <Footer />
    </main>
  );
}
