/**
 * THE form-post helper: posts a hidden form top-level (3-D Secure's full-page form submit),
 * from the merchant page (host/navigation.ts) and from the hosted page alike. Built with DOM
 * APIs (no HTML strings); hidden through CSSOM, which a strict CSP allows.
 */
export function postForm(url: string, data: Readonly<Record<string, string>>): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = url;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(data)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
