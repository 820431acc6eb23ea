package lexical

import "testing"

// TestIndonesianStem: words the pages write with affixes meet the bare
// forms users type, and short words keep their shape.
func TestIndonesianStem(t *testing.T) {
	m := For("id")
	for _, tc := range []struct{ word, want string }{
		{"menampilkan", "tampil"},
		{"tampilkan", "tampil"},
		{"dipasangkan", "pasang"},
		{"pembaruan", "baru"},
		{"memperbesar", "perbesar"},
		{"perbesar", "besar"},
		{"menyimpan", "simpan"},
		{"memukul", "pukul"},
		{"membeli", "beli"},
		{"bekerja", "kerja"},
		{"belajar", "ajar"},
		{"menghapusnya", "hapus"},
		{"hapus", "hapus"},
		{"kunci", "kunci"},
		{"mesin", "mesin"},
		{"berjalan", "jalan"},
		{"keamanan", "aman"},
		{"dijalankan", "jalan"},
	} {
		if got := m.Stem(tc.word); got != tc.want {
			t.Errorf("Stem(%q) = %q, want %q", tc.word, got, tc.want)
		}
	}
}
