import './eventSearchTexts';
export { EventSearchPage } from './components/EventSearchPage';
export { parseSearchQuery, searchQueryString, type EventSearchQuery } from './searchQuery';
