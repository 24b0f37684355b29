/**
 * The inline script index.html runs before the app's scripts load: it starts the requests the first screen needs, so
 * they travel while the JavaScript downloads and parses, and the app takes the answers (web/src/api/client.ts).
 *
 * - `window.Quire.initialize`: `/initialize.json`, on every page.
 * - `window.Quire.early[<api path and query>]`, when `/initialize.json` let the visitor in (so a signed-out visit
 *   makes no failing request), asked as the app asks, with the key it names: on the authors index, the author list;
 *   on an author page, the author by slug, then its books, files and series.
 *
 * Every request is registered before the answer the app waits on resolves (`initialize` resolves once the first
 * requests are asked, the author once its follow-ups are), so the app always finds them. Keys are written with
 * URLSearchParams, as the app builds them. An answer that is not OK (or a request that failed, which resolves to
 * nothing) is ignored by the app, which then asks itself.
 *
 * `signedOut`: the server already knows `/initialize.json` would refuse this visitor, so the page is given that 401
 * as an answer instead of asking for it: the sign-in page opens without a failed request in the browser's console.
 */
export function earlyRequestsScript(urlBase: string, signedOut = false): string {
  const base = JSON.stringify(urlBase);
  const refused = JSON.stringify(JSON.stringify({ message: 'Sign in required' }));
  return `(function(){
var b=${base},q=window.Quire={urlBase:b,early:{}},c;
function get(u,h){return fetch(u,{credentials:'same-origin',headers:h})}
function key(p,o){return p+'?'+new URLSearchParams(o)}
function ask(p,then){q.early[p]=get(c.apiRoot+'/'+p,{'X-Api-Key':c.apiKey,Accept:'application/json'}).then(then||function(r){return r}).catch(function(){})}
function books(r){if(!r.ok)return r;return r.clone().json().then(function(a){
if(a&&a[0]&&a[0].id)['book','bookfile','series'].forEach(function(k){ask(key(k,{authorId:a[0].id}))});return r})}
function start(){
var path=location.pathname.slice(b.length),m=path.match(/^\\/author\\/([^/?#]+)\\/?$/);
if(path===''||path==='/')ask('author');
else if(m)ask(key('author',{titleSlug:decodeURIComponent(m[1])}),books);
}
${signedOut ? `q.initialize=Promise.resolve(new Response(${refused},{status:401,headers:{'Content-Type':'application/json'}}));return;` : ''}
q.initialize=get(b+'/initialize.json',{}).then(function(i){
if(!i.ok)return i;
return i.clone().json().then(function(config){c=config;try{start()}catch(e){}return i});
}).catch(function(){});
})()`.replace(/\n/g, '');
}
