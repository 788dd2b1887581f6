import type { Session, User } from '@shared/types';
import type { ApiClient } from '../api/client';
import { Store } from './store';

export interface SessionState {
  session?: Session;
  error?: string;
}

export class SessionStore extends Store<SessionState> {
  constructor(private readonly api: ApiClient) {
    super({});
  }

  currentUser(): User | undefined {
    return this.state.session?.user;
  }

  async login(email: string, password: string): Promise<boolean> {
    const result = await this.api.login({ email, password });
    if (!result.ok) {
      this.setState({ error: result.error });
      return false;
    }
    this.api.setToken(result.value.token);
    this.setState({ session: result.value });
    return true;
  }

  logout(): void {
    this.api.setToken(undefined);
    this.setState({});
  }
}
