// Package english holds the rules by which Helpgraph reads help pages written
// in English, apart from their structure: what a heading or label says
// (a situation, a section, page chrome), how a title becomes a problem and a
// label a condition, a little verb morphology, the intents a customer would
// type, and what a resolution does (steps, a hand-off, sentences of
// substance, the text a reply shows).
//
// The structural extractor and the builder's verdicts (kgbuild) use it. Its
// word lists are English grammar and the vocabulary of support pages in any
// business; a help center's own vocabulary ships beside its pages as data.
// Another language would be another package with the same functions.
package english
