/**
 * The inline script index.html runs before the app's scripts load: it starts the requests the first screen needs, so
 * they travel while the JavaScript downloads and parses, and the app takes the answers (web/src/api/client.ts).
 *
 * - `window.Quire.initialize`: `/initialize.json`, on every page.
 * - `window.Quire.early[<api path and query>]`: on an author page, once `/initialize.json` says the visitor is let
 *   in (so a signed-out visit makes no failing request), the author by slug, then its books, files and series. Each
 *   request is registered before the promise the app waits on resolves (the inline reactions run first), so the app
 *   always finds them. Keys are written with URLSearchParams, as the app builds them.
 *
 * The requests go with the session cookie; an answer that is not OK (or a request that failed, which resolves to
 * nothing) is ignored by the app, which then asks itself.
 */
export function earlyRequestsScript(urlBase: string): string {
  const base = JSON.stringify(urlBase);
  return `(function(){
var b=${base},q=window.Quire={urlBase:b,early:{}};
function get(p){return fetch(b+p,{credentials:'same-origin',headers:{Accept:'application/json'}})}
q.initialize=get('/initialize.json').catch(function(){});
var m=location.pathname.slice(b.length).match(/^\\/author\\/([^/?#]+)\\/?$/);
if(!m)return;
var slug;try{slug=decodeURIComponent(m[1])}catch(e){return}
function key(p,o){return p+'?'+new URLSearchParams(o)}
q.initialize.then(function(i){
if(!i||!i.ok)return;
q.early[key('author',{titleSlug:slug})]=get('/api/v1/'+key('author',{titleSlug:slug})).then(function(r){
if(!r.ok)return r;
return r.clone().json().then(function(a){
if(a&&a[0]&&a[0].id)['book','bookfile','series'].forEach(function(k){var p=key(k,{authorId:a[0].id});q.early[p]=get('/api/v1/'+p).catch(function(){})});
return r})}).catch(function(){})});
})()`.replace(/\n/g, '');
}
