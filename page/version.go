package page

// ReaderVersion identifies how pages are read: cleaned of chrome and cut
// into blocks. A folder's Digest includes it, so a build over files that did
// not change reads them again once the reading has (kgbuild then extracts
// only the pages whose text came out different). Bump it when a reader's
// output changes; TestReaderVersionFollowsGoldens fails when the golden
// outputs under testdata change without a bump.
//
// v2: DocBook's chunked HTML without its navigation header and footer,
// image-only figures and note tables; inline markup (a menu's name) never
// taken for chrome.
// v3: an HTML page's language from <body lang> when <html> has none.
// v4: Sphinx's generated pages (indexes, search page, source listings) left
// out as ErrGenerated; viewcode's "[source]" links and icon-font glyphs
// dropped. A line of preformatted text is marked Block.Code.
// v5: LibreOffice's help (html_xhp.go): its switches' hidden cases shown
// (one case of a shortcut or a word in a sentence, every program's case of
// a block); "Related Topics" and an icon beside its own name dropped.
// v6: an admonition's kind named in the page's language ("Hinweis:", not
// "Note:", on a German page).
// v7: a list item's line and the paragraph it introduces joined by a dash
// ("[Features](…) – Main features and settings"), not run together.
// v8: a title's end that a home link names (Sphinx's "— Project 1.0
// documentation") dropped; DocBook's chapter, part and appendix labels
// ("Chapter 15. ") dropped from titles as section numbers are.
// v9: DocBook's title block of a section that wraps one titled section and
// nothing else (a wiki page exported as an article of one section) dropped:
// the inner section's title is the page's.
// v10: a page file named with an inner extension (Backups.part.html) is
// reached by a link to its name alone ("/manual/en/Backups#").
// v11: MyST Markdown (Sphinx): roles as their text ({doc} a link),
// admonition directives as labelled notes, tab directives as tabs, tables
// of contents, option lines, "(label)=" targets and "%" comments dropped.
// v12: reStructuredText pages (.rst, Sphinx's sources) read (rst.go), where
// the folder's reader skipped them.
// v13: a code block inside a list item keeps its lines, each a block of
// its own after the item's text (was joined into the item's line).
// v14: a note's title marked (Block.NoteTitle) by every reader that
// knows notes: Docusaurus, MkDocs, MyST, GitHub callouts, reStructuredText,
// an HTML page's note title.
// v15: a line of code keeps its white space as the page writes it
// (Block.Verbatim), beside its collapsed text.
// v16: AsciiDoc pages (.adoc, .asciidoc; asciidoc.go) read, where the
// folder's reader skipped them; Asciidoctor's admonition blocks read as
// notes on HTML pages too ("admonitionblock").
// v17: Antora components (a folder with an antora.yml; antora.go): only
// modules/NAME/pages/ holds pages, each at NAME/path.html (ROOT's at
// path.html) with or without a base URL; includes and cross references by
// resource id; antora.yml's attributes.
// v18: the first block after a set of tabs that is the section's again
// marked (Block.TabsEnd) by the readers of reStructuredText, Docusaurus,
// MkDocs, MyST and Hugo.
// v19: a section of two or more sets of tabs, each led by a line ending in
// ":", has each lead as its set's heading, its tabs one level down
// (leadTabSets).
// v20: a Docusaurus note inside a list item keeps the item's indent, so
// the note and what the item goes on with stay in the item (were read as
// an indented code block after it).
// v21: GitBook's tabs and hints ({% tabs %}, {% hint %}) read as tabs and
// notes; a collapsible part (<details>) is a sub-section headed by its
// summary (Block.Collapsible), ending where it closes (Block.TabsEnd); a
// book's SUMMARY.md is no page and its README is (a .gitbook.yaml's root
// is the pages folder); the MDX sites' tabs, accordions and callouts
// (Mintlify, Nextra, Fumadocs, Starlight) read as tabs, collapsible parts
// and notes, and a component's indented children as text, not code.
// v22: a line of code that a blank line of its block comes before is
// marked (Block.BlankBefore): a shell session's commands, a config file's
// paragraphs, read as one lump.
// v23: a title's tail is the site's name, and dropped, also where the page
// links it to a folder above its own (a hosted help center's home,
// /hc/en-us).
// v24: a link whose text is its target's file name ("[sign-in.md](sign-in.md)",
// GitBook's page references) reads as the title of the page it leads to.
// v25: Confluence's HTML export: a page's article alone (not who edited it
// when, its attachments), its title without the space's name, its
// ancestors as its breadcrumb, expand macros as collapsible parts; the
// export's index.html is no page (html_confluence.go).
// v26: Word documents (.docx) are pages (docx.go).
// v27: a Google Doc downloaded as a web page: titled by its title
// paragraph, nested lists nested, links without Google's redirect
// (html_gdocs.go).
// v28: an HTML page's breadcrumb (schema.org BreadcrumbList in JSON-LD, a
// nav labelled breadcrumb, a .breadcrumbs list) read as its Breadcrumb
// before the chrome is dropped, less the site's home and the page's title.
// v29: a description list of questions and answers (every term a
// sentence) is read as collapsible parts, each question a heading over its
// answer (html_terms.go): a question without "?" ran on into the answer
// above it, and each answer was an item of a list.
// v30: a page of Notion's export (its file name ends with a Notion id):
// a database row's properties under its title are metadata, not text
// (its tags its keywords), a title made from its file name has no id
// (notion.go), and a sub-page's breadcrumb is the titles of the pages it
// is under (its folders' names without their ids).
// v31: a description list's descriptions (<dd>) are text, not list
// items: "If True, …" under a term was read as a situation.
// v32: a set of tabs inside a list item (a step that shows its command
// for each system: Docusaurus, MkDocs, Hugo, GitBook, MyST,
// reStructuredText) stays in the item, each tab's label a line of it
// marked Block.Tab; the tabs were taken out as headings, which ended the
// list.
// v33: OpenDocument texts (.odt, and .fodt flat) are pages (odt.go).
// v34: PDF documents (.pdf) are pages (pdf.go), read from their layout.
// v35: MediaWiki pages (.wiki, .mediawiki) are pages (mediawiki.go).
// v36: a PDF font's ToUnicode map read over its encoding (a subset's and
// a Type 3 font's glyph names read as nothing), Type 3 widths by the font's
// matrix, Japanese and Chinese lines joined with no space.
// v37: a long PDF is split into pages at its sections (split.go).
// v38: a PDF's table of contents without leaders, and a front matter's
// running lines, left out.
// v39: a long Word or OpenDocument file is split into pages too.
// v40: Mallard pages (.page) are pages (mallard.go).
// v41: a Mallard block's title (a titled <steps>) a heading.
// v42: EPUB books (.epub) are pages (epub.go).
// v43: DITA topics (.dita) are pages, DITA maps their breadcrumbs
// (dita.go, dita_map.go).
// v44: DocBook sources (.docbook, .dbk) are pages (docbook.go), a long
// book split; a split document's parts take none of its keywords.
// v45: DITA keys (a keyref's text, a link through a key), reused content
// (conref, conkeyref) and resource-only topics (no pages).
// v46: an .xml file is a DocBook or DITA page by its root element, else
// no page.
// v47: what a list item says after a list nested in it goes on in the
// item (a paragraph at its depth), not another item.
// v48: an XML page's entities declared in the DTD files its DOCTYPE names
// within the folder (dtd.go), and replaced markup and all before parsing;
// a DocBook cross-reference to another file of the folder a link to it
// (docbook_folder.go).
// v49: a DocBook cross-reference a link to the place of its target, and a
// link between the parts of a split book to the part that holds its place
// (split.go linkParts).
// v50: a Mallard guide that places no <links type="topic"> lists its
// topics after its own text, as yelp does (mallardWriter.region); a
// topic's description is part of its link. A DITA topic lists the topics
// nested under it in the maps, as DITA-OT's child links do
// (site.ditaChildLinks).
// v51: a Sphinx toctree that is not hidden is its caption and a list of
// links to the pages it names, each by its title (toctree.go), in
// reStructuredText and MyST alike. VitePress' "::: code-group" a set of
// tabs, each code block a tab labelled by its "[npm]". A MyST {ref} to a
// label of another page a link to it.
// v52: ReadMe's guides as rdme syncs them (dialects_readme.go): the
// legacy editor's JSON blocks as headings, notes, code, tables and links,
// emoji callouts as notes, "doc:" links to the page of that slug; front
// matter "excerpt" a description, "hidden" a draft. Retype's callouts,
// tabs and panels, closed by a line of their own, and Docsify's tips, tabs
// and home page (its README.md beside an index.html of the app) read
// (dialects_retype.go). MDC's block components (Nuxt Content) read as
// notes, tabs, collapsible parts and cards (dialects_mdc.go). Writerside's
// semantic elements (tabs, procedures, notes) and attribute lists
// (dialects_writerside.go).
// v53: GNU Texinfo's HTML (makeinfo, texi2any; html_texinfo.go): a node's
// navigation panels dropped, its heading the title (the node's name and the
// manual's in <title> are not), section numbers off headings, its indexes
// dropped (an index node generated, no page). A DocBook FAQ in HTML (qandaset) each question
// a heading over its answer, its list of questions dropped (html_qanda.go).
// Publican's books read as DocBook's (labels off their headings), the
// banner at the top of a body dropped; "Example 6.1. " and "Procedure 2.3. "
// labels off DocBook headings too. A theme's "Edit this page" link to the
// page's source in its repository dropped (editLink); a built site's
// 404 page at the folder's top no page.
// v54: an AsciiDoc manual page's NAME line, what the command does, which
// both asciidoc and Asciidoctor put in the header beside the <h1> and
// outside the content, opens the page (html_manpage.go).
// v55: a page that redirects at once (a meta refresh of 0 seconds:
// Texinfo's pages for each anchor, Hugo's aliases, mkdocs-redirects) is
// generated, no page. A Texinfo node named as page chrome ("Block-Comments",
// "Uimenu-Properties") keeps its text: its id is the node's name.
// v56: a heading, or a section whose first text is its heading, named by
// an id made of the heading's words is never page chrome by that id: a
// slug with "search", "related", "cookie", "comments", "share" or "menu"
// in it dropped the heading, or the whole section (headingAnchor). Nor is
// a paragraph, a term or a list item, whose id is a link target
// (Sphinx's "std-fieldlookup-search").
// v57: DocBook's sidebars ("TIP", "BACK TO BASICS", <div class="sidebar">)
// read as notes, not dropped as the site's sidebar; a note is content
// whatever else its class says ("note-sidebar"); an <a> with an id and no
// href is a link target (written as XML it holds what follows it); a slug
// is matched to its heading lowercased ("SameSite cookies"). Texinfo's
// empty category before a definition's signature dropped (": x = csvread").
// v58: what holds all of a heading's words is the heading's text, never
// chrome by its class: docutils' <a class="toc-backref"> around each
// heading of a page with a table of contents had dropped every heading
// of Python's FAQs and of Django's settings groups (headingWords).
// v59: <div id="page-content"> is the page's content, as the class
// page-content was: the Apache manual's banner, breadcrumb and language
// list above it had made a section "Apache HTTP Server Version 2.4" on
// every page.
// v60: a list of the page's other languages (links with an hreflang, and
// no more than a label: "Available Languages: en | es | fr") is chrome.
// v61: DocBook's back-of-book index (div.index of div.indexdiv) is a
// generated page, skipped as Sphinx's index is.
// v62: a paragraph wholly in bold, short, over text of its own, heads
// the part that follows it (an FAQ's questions on a hand-written page).
// v63: the site's tagline (class "tagline" or "slogan") is chrome.
// v64: the block after a note is marked Block.TabsEnd: the section's
// text again, not the note's.
// v65: a zero-width non-joiner or joiner inside a word of a script that
// writes one (Persian "می‌تواند", emoji sequences) is kept.
// v66: a symbolic link to a page of the folder is that page by another
// name (a link by it leads there), not a page of its own.
const ReaderVersion = "reader-v66"
