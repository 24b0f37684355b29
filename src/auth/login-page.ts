/** The static page served at GET /login; it posts the form and follows returnUrl on success. */
export function loginPage(urlBase: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Quire – Login</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:sans-serif;max-width:22rem;margin:4rem auto">
<h1>Quire</h1>
<form id="login" method="post" action="${urlBase}/login">
  <p><label>Username<br><input name="username" autocomplete="username" required></label></p>
  <p><label>Password<br><input name="password" type="password" autocomplete="current-password" required></label></p>
  <p><label><input name="rememberMe" type="checkbox" value="on"> Remember me</label></p>
  <p><button type="submit">Log in</button> <span id="error" role="alert"></span></p>
</form>
<script>
document.getElementById('login').addEventListener('submit', async (event) => {
  event.preventDefault();
  const response = await fetch(event.target.action + location.search, { method: 'POST', body: new FormData(event.target) });
  if (response.ok) {
    const returnUrl = new URLSearchParams(location.search).get('returnUrl');
    location.href = returnUrl && returnUrl.startsWith('/') && !returnUrl.startsWith('//') ? returnUrl : '${urlBase}/';
  } else {
    document.getElementById('error').textContent = 'Login failed';
  }
});
</script></body></html>`;
}
