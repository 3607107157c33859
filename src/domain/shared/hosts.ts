/** A host without a leading `www.`: the form in which domains are grouped, stored and compared. */
export const withoutWww = (host: string): string => (host.startsWith('www.') ? host.slice('www.'.length) : host);
