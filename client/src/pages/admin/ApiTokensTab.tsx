import { API_TOKEN_SCOPES } from '@curbside/shared';
import { ApiTokensPanel } from '../../components/ApiTokensPanel';

/** API Tokens (chosen): the admin's own tokens; only here can a token get the admin scope. */
export function ApiTokensTab() {
  return <ApiTokensPanel scopes={API_TOKEN_SCOPES} />;
}
