/** The cookie that remembers the colour mode ("system", "dark" or "light", as JSON; docs/product.md "Remembered preferences"). */
export const COLOR_SCHEME_COOKIE = 'color-scheme';

/**
 * Runs in the page's head before the first paint: sets the colour mode the app will use, so a
 * dark page is never first painted white. It mirrors the app's reading of the cookie (anything
 * unknown means "system"). The server allows exactly this script by its hash (CSP), so every
 * change here is picked up by both sides.
 */
export const colorSchemeBootScript = `(function(){var v;try{var m=document.cookie.match(/(?:^|;\\s*)${COLOR_SCHEME_COOKIE}=([^;]*)/);v=m&&JSON.parse(decodeURIComponent(m[1]))}catch(e){}if(v!=='dark'&&v!=='light')v=window.matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';document.documentElement.setAttribute('data-mantine-color-scheme',v)})()`;
