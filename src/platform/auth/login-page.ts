const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

/**
 * The page served at GET /login: a plain form that posts to /login (Quire answers 303 to `returnUrl`, or back
 * here with `loginFailed=true`), so it works without JavaScript.
 */
export function loginPage(urlBase: string, options: { returnUrl?: string; loginFailed?: boolean } = {}): string {
  const query = options.returnUrl ? `?returnUrl=${encodeURIComponent(options.returnUrl)}` : '';
  const failed = options.loginFailed ? 'Incorrect username or password.' : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Quire – Login</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:sans-serif;max-width:22rem;margin:4rem auto">
<h1>Quire</h1>
<form method="post" action="${escapeHtml(`${urlBase}/login${query}`)}">
  <p><label>Username<br><input name="username" autocomplete="username" required autofocus></label></p>
  <p><label>Password<br><input name="password" type="password" autocomplete="current-password" required></label></p>
  <p><label><input name="rememberMe" type="checkbox" value="on"> Remember me</label></p>
  <p><button type="submit">Log in</button> <span role="alert" style="color:#b00">${failed}</span></p>
</form>
</body></html>`;
}
