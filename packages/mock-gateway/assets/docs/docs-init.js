// The API reference of the gateway's own document (GET /docs). An external script, so the
// page's CSP needs no inline script: Scalar's standalone build is loaded before this one.
/* global Scalar */
Scalar.createApiReference('#app', {
  url: '/openapi.json',
  // Offline: no fonts from fonts.scalar.com, no request proxy, no telemetry.
  withDefaultFonts: false,
  hideClientButton: false,
  showDeveloperTools: 'never',
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  hideDarkModeToggle: false,
  documentDownloadType: 'both',
  persistAuth: false,
  authentication: { preferredSecurityScheme: 'bearerAuth' },
});
