/**
 * The 3-D Secure method ("fingerprint"): a hidden iframe inside the secure frame posts
 * threeDSMethodData to the ACS; the ACS posts back to the gateway's notification URL,
 * which is this frame's own origin, so the frame sees that load. Done on that load or after
 * the spec's "about 5 seconds", whichever comes first.
 */
export function runFingerprint(methodUrl: string, threeDSMethodData: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const name = `ef-3ds-method-${Math.random().toString(36).slice(2)}`;
    const iframe = document.createElement('iframe');
    iframe.name = name;
    iframe.title = '3-D Secure';
    iframe.setAttribute('aria-hidden', 'true');
    iframe.tabIndex = -1;
    Object.assign(iframe.style, { position: 'absolute', width: '1px', height: '1px', border: '0', left: '-9999px' });
    const form = document.createElement('form');
    form.method = 'post';
    form.action = methodUrl;
    form.target = name;
    const field = document.createElement('input');
    field.type = 'hidden';
    field.name = 'threeDSMethodData';
    field.value = threeDSMethodData;
    form.append(field);

    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      iframe.remove();
      form.remove();
      resolve(true);
    };
    const timer = setTimeout(finish, timeoutMs);
    iframe.addEventListener('load', () => {
      try {
        // Same origin only once the ACS has posted back to the gateway's notification URL.
        if (iframe.contentWindow?.location.pathname.endsWith('/method-notification')) finish();
      } catch {
        // still on the ACS origin
      }
    });
    document.body.append(iframe, form);
    form.submit();
  });
}
