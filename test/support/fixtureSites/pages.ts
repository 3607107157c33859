/**
 * The pages the fixture sites serve. The article is what a careful publisher ships; the bare page is a
 * sentence and nothing else; the single-page app has its text only once its script runs.
 */

export const ARTICLE_PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>How Acme CRM cut onboarding time by 42% in 2024</title>
  <meta name="description" content="A case study of how Acme CRM reduced customer onboarding from 12 days to 7 days, with the steps, figures and tools the team used.">
  <meta name="robots" content="index, follow, max-snippet:-1">
  <link rel="canonical" href="https://acme.test/blog/onboarding-case-study">
  <meta property="og:title" content="How Acme CRM cut onboarding time by 42%">
  <meta property="og:description" content="The steps, figures and tools behind a 42% faster onboarding.">
  <meta property="og:image" content="https://acme.test/images/onboarding.png">
  <meta property="og:url" content="https://acme.test/blog/onboarding-case-study">
  <meta property="og:type" content="article">
  <style>@media (max-width: 600px) { main { padding: 0 1rem; } }</style>
  <script type="application/ld+json">
  {"@context": "https://schema.org", "@type": "Article", "headline": "How Acme CRM cut onboarding time by 42% in 2024",
   "author": {"@type": "Person", "name": "Dana Reyes"}, "datePublished": "2024-11-04",
   "publisher": {"@type": "Organization", "name": "Acme"}}
  </script>
</head>
<body>
  <header>
    <nav aria-label="Main">
      <a href="/">Home</a> <a href="/blog">Blog</a> <a href="/pricing">Pricing</a>
    </nav>
    <nav aria-label="Breadcrumb" class="breadcrumb"><a href="/">Home</a> › <a href="/blog">Blog</a></nav>
  </header>
  <main>
    <article>
      <h1>How Acme CRM cut onboarding time by 42% in 2024</h1>
      <p>By Dana Reyes, <time datetime="2024-11-04">4 November 2024</time></p>
      <section class="key-takeaways">
        <h2>Key takeaways</h2>
        <ul>
          <li>Onboarding fell from 12 days to 7 days between January and June 2024.</li>
          <li>Three changes did most of the work: a setup checklist, CSV import and a 30-minute kickoff call.</li>
          <li>Support tickets in the first month dropped from 9.1 to 4.3 per customer.</li>
        </ul>
      </section>
      <section>
        <h2>The problem</h2>
        <p>In January 2024 a new Acme CRM customer needed 12 days on average to send its first campaign. Sales teams at Northwind and Globex told us the import step alone took them 4 days.</p>
        <p>We measured every step for 214 customers. The data import, the email domain setup and the pipeline configuration took 71% of the time.</p>
        <p>Customers who finished onboarding within a week renewed at 93%. Those who took longer renewed at 78%.</p>
      </section>
      <section>
        <h2>What we changed</h2>
        <h3>A setup checklist</h3>
        <p>The checklist lists the 8 tasks in the order that unblocks the most work. Each task links to a 2-minute video and a help article.</p>
        <h3>CSV import with field mapping</h3>
        <p>Customers upload a CSV file of up to 50,000 contacts. Acme CRM maps the columns to fields and flags duplicates before anything is saved.</p>
        <pre><code>acme import contacts.csv --map email=Email --dedupe</code></pre>
        <h3>A 30-minute kickoff call</h3>
        <p>Every customer on the Team plan ($49 per user per month) gets one call with an onboarding specialist in the first 48 hours.</p>
        <figure>
          <img src="/images/onboarding-chart.png" alt="Median onboarding days by month, January to June 2024" width="800" height="450">
          <figcaption>Median onboarding time fell every month after the checklist launched in February.</figcaption>
        </figure>
      </section>
      <section>
        <h2>Results</h2>
        <table>
          <caption>Onboarding before and after the changes</caption>
          <thead><tr><th>Measure</th><th>January 2024</th><th>June 2024</th></tr></thead>
          <tbody>
            <tr><td>Days to first campaign</td><td>12</td><td>7</td></tr>
            <tr><td>Tickets per customer, first month</td><td>9.1</td><td>4.3</td></tr>
            <tr><td>Renewal rate</td><td>81%</td><td>90%</td></tr>
          </tbody>
        </table>
        <blockquote>
          <p>The import used to take our team a week. Now it takes an afternoon.</p>
        </blockquote>
        <p>Read the <a href="https://www.gartner.test/crm-onboarding-report">Gartner onboarding benchmark</a> for industry figures, or see <a href="/pricing">our pricing</a> for the Team plan.</p>
      </section>
      <section>
        <h2>What comes next</h2>
        <p>In 2025 we will add <strong>automatic domain verification</strong> for Google Workspace and Microsoft 365. We expect it to remove 1 more day from onboarding.</p>
      </section>
    </article>
  </main>
  <footer><p>© 2024 Acme Inc. <a href="/privacy">Privacy</a></p></footer>
</body>
</html>
`;

export const BARE_PAGE = '<p>welcome to our site</p>';

/** The text the single-page app's script writes into the page. */
export const SPA_TEXT = {
  heading: 'Acme Planner',
  paragraph: 'Plan your week in minutes with shared boards, reminders and a calendar that syncs with Google and Outlook.',
};

/** What a browser without JavaScript shows of the single-page app. */
export const SPA_NOSCRIPT = 'You need to enable JavaScript to run this app.';

export const SPA_PAGE = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Acme Planner</title><script src="/app.js" defer></script></head>
<body><noscript>${SPA_NOSCRIPT}</noscript><div id="root"></div></body>
</html>
`;

export const SPA_SCRIPT = `
const root = document.getElementById('root');
const heading = document.createElement('h1');
heading.textContent = ${JSON.stringify(SPA_TEXT.heading)};
const paragraph = document.createElement('p');
paragraph.textContent = ${JSON.stringify(SPA_TEXT.paragraph)};
root.append(heading, paragraph);
`;

/** Cloudflare's interstitial, as it reaches a client that runs no JavaScript (markers kept, script trimmed). */
export const CHALLENGE_PAGE = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><meta name="robots" content="noindex,nofollow">
<meta name="viewport" content="width=device-width,initial-scale=1"></head>
<body><div class="main-wrapper" role="main"><div class="main-content"><noscript><div class="h2"><span id="challenge-error-text">Enable JavaScript and cookies to continue</span></div></noscript></div></div>
<script>(function(){window._cf_chl_opt={cvId: '3',cZone: "acme.test",cType: 'managed'};var cpo=document.createElement('script');cpo.src='/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1?ray=8f0';document.getElementsByTagName('head')[0].appendChild(cpo);}());</script></body></html>
`;
