import { accessScopes } from '@saldopilot/shared';

/**
 * The addresses and metadata of SaldoPilot as OAuth 2.1 authorization server and as the protected
 * resource behind it, the MCP endpoint (docs/access.md "OAuth"). Everything hangs off PUBLIC_URL:
 * the issuer is its origin.
 */
export function issuerOf(publicUrl: string): string {
  return new URL(publicUrl).origin;
}

/** The protected resource: the MCP endpoint (the `resource` a client asks tokens for). */
export function resourceUrlOf(publicUrl: string): string {
  return `${issuerOf(publicUrl)}/api/mcp`;
}

/** RFC 9728: the resource's metadata, at the well-known path with the resource's own path appended. */
export function protectedResourceMetadataUrl(publicUrl: string): string {
  return `${issuerOf(publicUrl)}/.well-known/oauth-protected-resource/api/mcp`;
}

export function protectedResourceMetadata(publicUrl: string) {
  return {
    resource: resourceUrlOf(publicUrl),
    authorization_servers: [issuerOf(publicUrl)],
    scopes_supported: [...accessScopes],
    bearer_methods_supported: ['header'],
    resource_name: 'SaldoPilot',
  };
}

/** RFC 8414: the authorization server's metadata. */
export function authorizationServerMetadata(publicUrl: string) {
  const issuer = issuerOf(publicUrl);
  return {
    issuer,
    // The consent page is the web app's; the browser arrives there with the client's parameters.
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/api/oauth/token`,
    registration_endpoint: `${issuer}/api/oauth/register`,
    revocation_endpoint: `${issuer}/api/oauth/revoke`,
    scopes_supported: [...accessScopes],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
  };
}
