package notifytest

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"io"
	"math/big"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// SMTPOptions shape the test mail server.
type SMTPOptions struct {
	// User and Password, when set, are required (AUTH PLAIN).
	User, Password string
	// STARTTLS offers STARTTLS; ImplicitTLS speaks TLS from the start
	// (smtps). Either way the certificate is for 127.0.0.1, signed by
	// the server's RootCAs.
	STARTTLS, ImplicitTLS bool
	// TempFailures is how many messages are refused with a 451 first.
	TempFailures int
}

// Mail is one message the server accepted.
type Mail struct {
	From    string
	To      []string
	Subject string
	Body    string
	TLS     bool // whether it came over TLS
	Authed  bool
}

// SMTPServer is a real SMTP server (emersion/go-smtp) on loopback.
type SMTPServer struct {
	Addr    string
	RootCAs *x509.CertPool

	o       SMTPOptions
	mu      sync.Mutex
	mails   []Mail
	refused int
	arrived chan struct{}
}

// StartSMTP starts a server that the test's cleanup stops.
func StartSMTP(t testing.TB, o SMTPOptions) *SMTPServer {
	t.Helper()
	s := &SMTPServer{o: o, arrived: make(chan struct{}, 64)}
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		_, isTLS := c.TLSConnectionState()
		return &session{srv: s, tls: isTLS, conn: c}, nil
	}))
	srv.Domain = "localhost"
	srv.ReadTimeout, srv.WriteTimeout = 30*time.Second, 30*time.Second
	srv.AllowInsecureAuth = !o.STARTTLS && !o.ImplicitTLS
	var cert tls.Certificate
	if o.STARTTLS || o.ImplicitTLS {
		cert, s.RootCAs = selfSigned(t)
		srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	}
	var ln net.Listener
	var err error
	if o.ImplicitTLS {
		ln, err = tls.Listen("tcp", "127.0.0.1:0", srv.TLSConfig)
	} else {
		ln, err = net.Listen("tcp", "127.0.0.1:0")
	}
	if err != nil {
		t.Fatalf("SMTP server: %v", err)
	}
	s.Addr = ln.Addr().String()
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return s
}

// TLSConfig is the client side for the server's certificate.
func (s *SMTPServer) TLSConfig() *tls.Config {
	return &tls.Config{ServerName: "127.0.0.1", RootCAs: s.RootCAs, MinVersion: tls.VersionTLS12}
}

// URL is the server's HELPGRAPH_SMTP_URL, with its credentials.
func (s *SMTPServer) URL() string {
	scheme := "smtp"
	if s.o.ImplicitTLS {
		scheme = "smtps"
	}
	creds := ""
	if s.o.User != "" {
		creds = s.o.User + ":" + s.o.Password + "@"
	}
	return scheme + "://" + creds + s.Addr
}

// Mails returns the messages accepted so far.
func (s *SMTPServer) Mails() []Mail {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Mail(nil), s.mails...)
}

// Wait waits until n messages were accepted, or fails the test after a
// minute (a deadline for a hung test, not a timing assumption).
func (s *SMTPServer) Wait(t testing.TB, n int) []Mail {
	t.Helper()
	deadline := time.After(time.Minute)
	for {
		if m := s.Mails(); len(m) >= n {
			return m
		}
		select {
		case <-s.arrived:
		case <-deadline:
			t.Fatalf("waited a minute for %d e-mails, got %d", n, len(s.Mails()))
		}
	}
}

type session struct {
	srv    *SMTPServer
	conn   *smtp.Conn
	tls    bool
	authed bool
	from   string
	to     []string
}

func (s *session) AuthMechanisms() []string {
	if s.srv.o.User == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (s *session) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, user, pass string) error {
		if user != s.srv.o.User || pass != s.srv.o.Password {
			return errors.New("invalid credentials")
		}
		s.authed = true
		return nil
	}), nil
}

func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	if s.srv.o.User != "" && !s.authed {
		return smtp.ErrAuthRequired
	}
	s.from = from
	return nil
}

func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.to = append(s.to, to)
	return nil
}

func (s *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.srv.mu.Lock()
	defer s.srv.mu.Unlock()
	if s.srv.refused < s.srv.o.TempFailures {
		s.srv.refused++
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try again later"}
	}
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return err
	}
	body, _ := io.ReadAll(msg.Body)
	_, isTLS := s.conn.TLSConnectionState()
	s.srv.mails = append(s.srv.mails, Mail{From: s.from, To: s.to, Subject: msg.Header.Get("Subject"),
		Body: decodeBody(msg.Header.Get("Content-Transfer-Encoding"), body), TLS: isTLS || s.tls, Authed: s.authed})
	select { // Wait re-counts after any signal: one pending is enough
	case s.srv.arrived <- struct{}{}:
	default:
	}
	return nil
}

func (s *session) Reset()        { s.from, s.to = "", nil }
func (s *session) Logout() error { return nil }

// decodeBody undoes quoted-printable, which mail libraries use for text.
func decodeBody(cte string, body []byte) string {
	if strings.EqualFold(cte, "quoted-printable") {
		if b, err := io.ReadAll(quotedprintable.NewReader(bytes.NewReader(body))); err == nil {
			return string(b)
		}
	}
	return string(body)
}

func selfSigned(t testing.TB) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "helpgraph test SMTP"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		IPAddresses:           []net.IP{net.ParseIP("127.0.0.1")},
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, pool
}
