import { validateCredentials } from '@shared/validation';
import type { SessionStore } from '../store/session';

export interface LoginFormProps {
  session: SessionStore;
}

const draft = { email: '', password: '' };

function fieldError(): string | undefined {
  const checked = validateCredentials(draft);
  return checked.ok ? undefined : checked.error;
}

export const LoginForm = ({ session }: LoginFormProps): JSX.Element => {
  const submit = async (): Promise<void> => {
    if (!fieldError()) {
      await session.login(draft.email, draft.password);
    }
  };
  return (
    <form onSubmit={submit}>
      <input type="email" onInput={(e: { value: string }) => (draft.email = e.value)} />
      <input type="password" onInput={(e: { value: string }) => (draft.password = e.value)} />
      <span className="error">{fieldError() ?? session.getState().error}</span>
      <button type="submit">Sign in</button>
    </form>
  );
};
