// Self-hosted fonts (no CDN). Latin subsets only: they cover en, de and es, and keep the
// precache small. Inter for body text, Plus Jakarta Sans for headings (spec section 9).
import "@fontsource/inter/latin-400.css";
import "@fontsource/inter/latin-500.css";
import "@fontsource/inter/latin-600.css";
import "@fontsource/inter/latin-700.css";
import "@fontsource/plus-jakarta-sans/latin-600.css";
import "@fontsource/plus-jakarta-sans/latin-700.css";
