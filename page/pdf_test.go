package page

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestPDFGolden reads PDFs as two common writers make them:
// testdata/pdf/faq.pdf is the Word fixture (testdata/docx/faq.docx) that
// LibreOffice saved as PDF (soffice --convert-to pdf), and reads as the
// Word document does but for its link and its table's cells;
// testdata/pdf/manual.pdf is manual-source.html printed by Chromium
// (chromium --headless --print-to-pdf), with its running title on every
// page, a paragraph on a page of its own and code; testdata/pdf/ja.pdf is
// ja-source.html (an AdGuard article in Japanese) printed by Chromium,
// whose bold headings are Type 3 fonts read by their ToUnicode maps.
func TestPDFGolden(t *testing.T) {
	for _, name := range []string{"faq", "manual", "ja"} {
		t.Run(name, func(t *testing.T) {
			doc, err := parsePDF(readFixture(t, filepath.Join("pdf", name+".pdf")), name+".pdf")
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, "pdf-"+name+".golden", "Title: "+doc.Title+"\nLanguage: "+doc.Lang+"\n\n"+doc.Text()+"\n")
		})
	}
}

// pdfText is a line of text a page's program shows: in font F1
// (Helvetica), F2 (Helvetica-Bold), F3 (Courier), F4 (Helvetica with
// ligatures) or F5 (a subset with a ToUnicode map), at size, from (x, y).
func pdfText(font string, size, x, y float64, text string) string {
	text = strings.NewReplacer(`\`, `\\`, "(", `\(`, ")", `\)`).Replace(text)
	return fmt.Sprintf("BT /%s %g Tf %g %g Td (%s) Tj ET\n", font, size, x, y, text)
}

// pdfOf writes a PDF of pages (each a page's program), titled title (none
// when ""), with the fonts pdfText names, in English.
func pdfOf(title string, pages ...string) []byte {
	var objs []string
	add := func(body string) int { objs = append(objs, body); return len(objs) }
	catalog := add("") // filled in once the pages are numbered
	fonts := ""
	for i, base := range []string{"Helvetica", "Helvetica-Bold", "Courier"} {
		fonts += fmt.Sprintf("/F%d %d 0 R ", i+1, add("<< /Type /Font /Subtype /Type1 /BaseFont /"+base+" /Encoding /WinAnsiEncoding >>"))
	}
	// F4 is Helvetica with the typesetter's ligatures at codes 1 and 2.
	fonts += fmt.Sprintf("/F4 %d 0 R ", add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /BaseEncoding /WinAnsiEncoding /Differences [1 /fi /fl] >> >>"))
	// F5 names its glyphs as a subset does ("g1"), and its ToUnicode map
	// says which text they are: codes A to C are カタカ, D is ナ.
	cmap := "/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n1 begincodespacerange <00> <FF> endcodespacerange\n" +
		"1 beginbfrange <41> <43> [<30AB> <30BF> <30AB>] endbfrange\n1 beginbfchar <44> <30CA> endbfchar\nendcmap CMapName currentdict /CMap defineresource pop end end"
	toUnicode := add(fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(cmap), cmap))
	fonts += fmt.Sprintf("/F5 %d 0 R ", add(fmt.Sprintf("<< /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+Subset /Encoding << /Differences [65 /g1 /g2 /g3 /g4] >> /ToUnicode %d 0 R >>", toUnicode)))
	pagesObj := add("")
	var kids []string
	for _, content := range pages {
		c := add(fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content))
		kids = append(kids, fmt.Sprintf("%d 0 R", add(fmt.Sprintf("<< /Type /Page /Parent %d 0 R /MediaBox [0 0 595 842] /Resources << /Font << %s>> >> /Contents %d 0 R >>", pagesObj, fonts, c))))
	}
	objs[pagesObj-1] = fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(kids))
	objs[catalog-1] = fmt.Sprintf("<< /Type /Catalog /Pages %d 0 R /Lang (en) >>", pagesObj)
	info := add("<< >>")
	if title != "" {
		objs[info-1] = "<< /Title (" + title + ") >>"
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objs))
	for i, body := range objs {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, body)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, catalog, info, xref)
	return b.Bytes()
}

// TestPDF: what a PDF's layout makes of its lines, on hand-made
// documents: sizes make headings, bullets and numbers lists, a monospaced
// font code; lines close together are one paragraph; what every page
// repeats at its edge is no text of the page.
func TestPDF(t *testing.T) {
	body := func(y float64, text string) string { return pdfText("F1", 11, 72, y, text) }
	for _, tc := range []struct {
		name, title string
		pages       []string
		want        string
	}{
		{"sizes: the first line set in a size of its own is the title, larger sizes are higher headings", "",
			[]string{pdfText("F2", 24, 72, 770, "Refunds") + body(740, "How refunds work.") +
				pdfText("F2", 16, 72, 710, "Card payments") + pdfText("F2", 13, 72, 685, "Within the EU") + body(665, "Five days.") +
				pdfText("F2", 16, 72, 635, "PayPal") + body(615, "One day.")},
			"# Refunds\nHow refunds work.\n## Card payments\n### Within the EU\nFive days.\n## PayPal\nOne day."},
		{"close lines are one paragraph, a hyphenated word joined; a gap starts another", "Help",
			[]string{body(770, "Your invoice is sent by e-") + body(757, "mail each month, with the infor-") + body(744, "mation you need.") + body(700, "Keep it.")},
			"# Help\nYour invoice is sent by email each month, with the information you need.\nKeep it."},
		{"a heading on two lines is one", "Help",
			[]string{pdfText("F2", 16, 72, 770, "What to do when the router") + pdfText("F2", 16, 72, 752, "does not start") + body(730, "Check that the cable is in.") + pdfText("F2", 16, 72, 700, "Other") + body(680, "Call us on weekdays.")},
			"# Help\n## What to do when the router does not start\nCheck that the cable is in.\n## Other\nCall us on weekdays."},
		{"bullets and numbers are lists, nested by their indent; a line in at the item's text goes on with it", "Help",
			[]string{body(770, "To reset it:") + pdfText("F1", 11, 80, 755, "1. Unplug the router.") + pdfText("F1", 11, 80, 742, "2. Hold the button down for") + pdfText("F1", 11, 94, 729, "ten seconds.") +
				pdfText("F1", 11, 100, 716, "\x95 On the old model: the red one.") + pdfText("F1", 11, 80, 703, "3. Plug it in.") + body(680, "Done.")},
			"# Help\nTo reset it:\n1. Unplug the router.\n1. Hold the button down for ten seconds.\n  - On the old model: the red one.\n1. Plug it in.\nDone."},
		{"a small shape drawn left of a line is its bullet", "Help",
			[]string{body(770, "Pick one:") + "q 0 0 0 rg 84 757 4 4 re f Q\n" + pdfText("F1", 11, 94, 755, "the cable,") + "q 84 744 m 88 744 l 86 748 l h f Q\n" + pdfText("F1", 11, 94, 742, "the light.") +
				"q 72 700 300 1 re f Q\n" + body(690, "Done.")},
			"# Help\nPick one:\n- the cable,\n- the light.\nDone."},
		{"a short bold line is a heading, its section number its level (and no text of it); a table of contents and a table's bold head are no headings", "Router guide",
			[]string{body(790, "Contents") + body(775, "1 Setup . . . . . . . . . 1") + body(762, "1.1 Cables . . . . . . . . 1") + body(749, "Index::::::::::::::: 9") +
				pdfText("F2", 11, 72, 730, "1 Setup") + body(712, "Unpack the router and keep the box.") + pdfText("F2", 11, 72, 690, "1.1 Cables") + body(672, "The blue cable goes in the WAN port.") +
				pdfText("F2", 11, 72, 650, "Cable") + pdfText("F2", 11, 300, 650, "Port") + body(636, "Blue") + pdfText("F1", 11, 300, 636, "WAN") +
				pdfText("F2", 11, 72, 610, "What if the light stays red?") + body(592, "Call us.") +
				pdfText("F2", 11, 72, 570, "Note: the router gets warm.") + body(552, "That is normal.")},
			"# Router guide\nContents\n## Setup\nUnpack the router and keep the box.\n### Cables\nThe blue cable goes in the WAN port.\nCable Port\nBlue WAN\n## What if the light stays red?\nCall us.\nNote: the router gets warm.\nThat is normal."},
		{"ligatures are letters", "Help",
			[]string{pdfText("F4", 11, 72, 770, "The \x01le is \x01nished, the \x02oor clean.")},
			"# Help\nThe file is finished, the floor clean."},
		{"a font's ToUnicode map says its text, over its encoding; Japanese lines join with no space", "Help",
			[]string{pdfText("F5", 11, 72, 770, "ABCD") + pdfText("F5", 11, 72, 757, "DCBA")},
			"# Help\nカタカナナカタカ"},
		{"a monospaced font is code", "Help",
			[]string{body(770, "Run:") + pdfText("F3", 10, 72, 755, "nimbus-update --now") + pdfText("F3", 10, 72, 743, "nimbus-status") + body(720, "Then wait.")},
			"# Help\nRun:\nnimbus-update --now\nnimbus-status\nThen wait."},
		{"what every page repeats at its top or bottom, and page numbers, are no text; a paragraph goes on across a page", "Router guide",
			[]string{
				pdfText("F1", 8, 72, 810, "Nimbus Router Guide, edition 2") + body(770, "The light turns green when the router") + pdfText("F1", 8, 290, 30, "1"),
				pdfText("F1", 8, 72, 810, "Nimbus Router Guide, edition 2") + body(770, "is ready.") + body(740, "Then connect.") + pdfText("F1", 8, 290, 30, "2"),
				pdfText("F1", 8, 72, 810, "Nimbus Router Guide, edition 2") + body(770, "Page three.") + pdfText("F1", 8, 290, 30, "Page 3 of 3"),
			},
			"# Router guide\nThe light turns green when the router is ready.\nThen connect.\nPage three."},
		{"a front matter's running line with its own page number is no text; a table of contents' entries without leaders are none; a line an instruction repeats on pages, and a table's row of numbers, are", "Router guide",
			[]string{
				body(770, "Contents") + pdfText("F2", 11, 72, 755, "1 Setup") + pdfText("F2", 11, 400, 755, "1") +
					body(740, "1.1 Cables and the long name of the port they go in . . . 2") + pdfText("F1", 8, 72, 30, "Router guide i"),
				body(770, "Foreword.") + pdfText("F1", 8, 72, 30, "Router guide ii"),
				body(770, "Thanks.") + pdfText("F1", 8, 72, 30, "Router guide iii"),
				pdfText("F2", 16, 72, 790, "Setup") + body(770, "Plug it in. The log says:") + body(30, "0 ANSI: 0"),
				body(770, "On the second model too:") + body(30, "0 ANSI: 0"),
				body(770, "Models:") + body(740, "1 Nimbus") + pdfText("F1", 11, 200, 740, "4 - - 100") + body(30, "0 ANSI: 0"),
				body(770, "Page seven."), body(770, "Page eight."), // three pages of eight are not half
			},
			// A paragraph that ends no sentence goes on across a page.
			"# Router guide\nContents Foreword.\nThanks.\n## Setup\nPlug it in. The log says:\n0 ANSI: 0 On the second model too:\n0 ANSI: 0 Models:\n1 Nimbus 4 - - 100\n0 ANSI: 0 Page seven.\nPage eight."},
		{"TeX's spaces are offsets in TJ, not glyphs", "Help",
			[]string{"BT /F1 11 Tf 72 770 Td [(Hold)-333(the)-333(button)20(s)-20(.)] TJ ET\n"},
			"# Help\nHold the buttons."},
		{"a title property that names a file titles nothing: the opening heading does", "Microsoft Word - refunds.docx",
			[]string{pdfText("F2", 20, 72, 770, "Refunds") + body(740, "How refunds work.")},
			"# Refunds\nHow refunds work."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := parsePDF(pdfOf(tc.title, tc.pages...), "help.pdf")
			if err != nil {
				t.Fatal(err)
			}
			if got := doc.Text(); got != tc.want {
				t.Errorf("text:\n%s\nwant:\n%s", got, tc.want)
			}
			if doc.Lang != "en" {
				t.Errorf("language %q, want en", doc.Lang)
			}
		})
	}
	for name, raw := range map[string][]byte{
		"no PDF":         []byte("%PDF-1.4 but nothing else"),
		"pictures alone": pdfOf("Scan", "q 100 0 0 100 0 0 cm Q\n"),
	} {
		if _, err := parsePDF(raw, "x.pdf"); !errors.Is(err, ErrPDF) {
			t.Errorf("%s: err %v, want ErrPDF", name, err)
		}
	}
}

// TestReadDirPDF: a folder's PDFs are pages beside its others; one that
// is none fails alone.
func TestReadDirPDF(t *testing.T) {
	titles, failed := readDirOf(t, map[string][]byte{
		"faq.pdf":    readFixture(t, filepath.Join("pdf", "faq.pdf")),
		"contact.md": []byte("# Contact\n\nWrite to us.\n"),
		"broken.pdf": []byte("not a document"),
	})
	if want := []string{"contact.md: Contact", "faq.pdf: Acme support FAQ"}; !slices.Equal(titles, want) {
		t.Errorf("pages %q, want %q", titles, want)
	}
	if len(failed) != 1 || !errors.Is(failed[0].Err, ErrPDF) {
		t.Errorf("failed %v, want broken.pdf as no readable PDF", failed)
	}
}

// FuzzParsePDF: no file, however damaged, panics the reader or makes a
// page with markup in it.
func FuzzParsePDF(f *testing.F) {
	f.Add(pdfOf("Help", pdfText("F2", 20, 72, 770, "<b>Refunds</b>")+"BT /F1 11 Tf 72 740 Td [(a)-999(b)] TJ T* (c) ' 1 2 (d) \" ET Q Q cm\n"))
	f.Add(readFixture(f, filepath.Join("pdf", "faq.pdf")))
	f.Fuzz(func(t *testing.T, raw []byte) {
		doc, err := parsePDF(raw, "f.pdf")
		if err != nil {
			return
		}
		checkCleanDocument(t, doc)
	})
}
