import { describe, expect, it } from 'vitest';
import { gatewayOrigin, SCRIPT_ENVIRONMENT } from './gateway-origin';
import { checkGatewayUrl, checkOptions, PaymentComponentError } from './options';

const good = { clientKey: 'test-client-key', sessionId: 's-1', environment: 'test' };
const MOCK = 'http://127.0.0.1:4010';

describe('environment and gatewayUrl select the gateway', () => {
  it('a build is the test environment unless built with EF_ENVIRONMENT=production', () => {
    expect(SCRIPT_ENVIRONMENT).toBe('test');
  });

  it('test on a test script: the gateway the script came from', () => {
    expect(gatewayOrigin({ environment: 'test' }, 'test', MOCK)).toBe(MOCK);
  });

  it('production on a production script: the production gateway it came from', () => {
    expect(gatewayOrigin({ environment: 'production' }, 'production', 'https://gateway.example')).toBe('https://gateway.example');
  });

  it('production asked of a test script fails, naming both environments and the gateway', () => {
    const call = () => gatewayOrigin({ environment: 'production' }, 'test', MOCK);
    expect(call).toThrow(PaymentComponentError);
    expect(call).toThrow(
      `PaymentComponent: environment is "production" but this embedded-fields.js is the test environment's (gateway ${MOCK}); load embedded-fields.js from the production gateway`,
    );
  });

  it('test asked of a production script fails too', () => {
    expect(() => gatewayOrigin({ environment: 'test' }, 'production', 'https://gateway.example')).toThrow(
      /environment is "test" but this embedded-fields.js is the production environment's/,
    );
  });

  it('gatewayUrl overrides the script origin (a self-hosted mock), still within the script environment', () => {
    expect(gatewayOrigin({ environment: 'test', gatewayUrl: 'http://localhost:4999' }, 'test', MOCK)).toBe('http://localhost:4999');
    expect(gatewayOrigin({ environment: 'test', gatewayUrl: 'https://mock.example' }, 'test', undefined)).toBe('https://mock.example');
    expect(() => gatewayOrigin({ environment: 'production', gatewayUrl: 'https://mock.example' }, 'test', undefined)).toThrow(/environment is "production"/);
  });

  it('without a script origin or gatewayUrl there is no gateway', () => {
    expect(() => gatewayOrigin({ environment: 'test' }, 'test', undefined)).toThrow(/<script src> tag, or pass gatewayUrl/);
  });

  it('checkOptions keeps gatewayUrl as an origin', () => {
    expect(checkOptions({ ...good, gatewayUrl: 'https://mock.example/some/path?x=1' })).toEqual({ ...good, gatewayUrl: 'https://mock.example' });
    expect(checkOptions(good)).not.toHaveProperty('gatewayUrl');
  });

  it.each(['http://127.0.0.1:4010', 'http://localhost:4010', 'http://[::1]:4010', 'https://gateway.example', 'https://10.0.0.5'])('accepts %s', (url) => {
    expect(checkGatewayUrl(url)).toBe(new URL(url).origin);
  });

  it.each([
    'http://gateway.example', // plain http off loopback
    'http://10.0.0.5:4010',
    'http://localhost.evil.example',
    'javascript:alert(1)',
    'data:text/html,hi',
    'https://user:pass@gateway.example',
    'gateway.example',
    '',
    42,
  ])('refuses %j with a PaymentComponentError naming gatewayUrl', (url) => {
    expect(() => checkOptions({ ...good, gatewayUrl: url })).toThrow(/PaymentComponent: gatewayUrl must be an https origin/);
  });
});
