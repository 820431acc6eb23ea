package llm

import (
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/sashabaranov/go-openai/jsonschema"
)

// schema is the JSON Schema of one answer type, sent as a strict
// response_format and checked on every answer whatever the endpoint did
// with it (an endpoint without structured outputs ignores or refuses it).
type schema struct {
	name string
	def  *jsonschema.Definition
	raw  json.RawMessage // the schema as sent
}

// MarshalJSON implements json.Marshaler for go-openai's request.
func (s *schema) MarshalJSON() ([]byte, error) { return s.raw, nil }

var schemas sync.Map // reflect.Type → *schema or error

// schemaFor returns the schema of the struct t points to. Every exported
// field is required (strict mode needs that) and no other field is allowed.
func schemaFor(t reflect.Type) (*schema, error) {
	if v, ok := schemas.Load(t); ok {
		if err, isErr := v.(error); isErr {
			return nil, err
		}
		return v.(*schema), nil
	}
	s, err := buildSchema(t)
	if err != nil {
		err = fmt.Errorf("llm: schema of %s: %w", t, err)
		schemas.Store(t, err)
		return nil, err
	}
	schemas.Store(t, s)
	return s, nil
}

var schemaNameChars = regexp.MustCompile(`[^a-zA-Z0-9_-]+`)

func buildSchema(t reflect.Type) (*schema, error) {
	def, err := jsonschema.GenerateSchemaForType(reflect.New(t).Elem().Interface())
	if err != nil {
		return nil, err
	}
	if def.Type != jsonschema.Object {
		return nil, fmt.Errorf("answer type must be a struct, got %s", def.Type)
	}
	raw, err := json.Marshal(schemaValue(*def))
	if err != nil {
		return nil, err
	}
	name := schemaNameChars.ReplaceAllString(t.Name(), "_")
	if name == "" {
		name = "answer"
	}
	return &schema{name: name, def: def, raw: raw}, nil
}

// schemaValue renders def as plain JSON values. go-openai's own marshalling
// adds "properties": {} to every nested schema, which strict endpoints reject.
func schemaValue(def jsonschema.Definition) map[string]any {
	m := map[string]any{}
	if def.Ref != "" {
		m["$ref"] = def.Ref
		return m
	}
	if def.Type != "" {
		m["type"] = string(def.Type)
	}
	if def.Description != "" {
		m["description"] = def.Description
	}
	if len(def.Enum) > 0 {
		m["enum"] = def.Enum
	}
	if def.Type == jsonschema.Object {
		props := map[string]any{}
		for k, p := range def.Properties {
			props[k] = schemaValue(p)
		}
		m["properties"] = props
		req := slices.Clone(def.Required)
		if req == nil {
			req = []string{}
		}
		m["required"] = req
		m["additionalProperties"] = false
	}
	if def.Items != nil {
		m["items"] = schemaValue(*def.Items)
	}
	if len(def.Defs) > 0 {
		defs := map[string]any{}
		for k, d := range def.Defs {
			defs[k] = schemaValue(d)
		}
		m["$defs"] = defs
	}
	return m
}

// check reports the first few places where v (a decoded JSON value) breaks
// the schema: unknown or missing fields and wrong types, named by path, so
// a correction request can say exactly what to fix.
func (s *schema) check(v any) error {
	var problems []string
	s.checkValue(*s.def, v, "answer", &problems)
	if len(problems) == 0 {
		return nil
	}
	if len(problems) > 6 {
		problems = append(problems[:6], fmt.Sprintf("and %d more", len(problems)-6))
	}
	return fmt.Errorf("answer does not match the JSON schema: %s", strings.Join(problems, "; "))
}

func (s *schema) checkValue(def jsonschema.Definition, v any, path string, problems *[]string) {
	if def.Ref != "" {
		d, ok := s.def.Defs[strings.TrimPrefix(def.Ref, "#/$defs/")]
		if !ok {
			*problems = append(*problems, path+": schema reference "+def.Ref+" not found")
			return
		}
		def = d
	}
	bad := func(want string) { *problems = append(*problems, fmt.Sprintf("%s must be %s", path, want)) }
	switch def.Type {
	case jsonschema.Object:
		obj, ok := v.(map[string]any)
		if !ok {
			bad("an object")
			return
		}
		var unknown []string
		for k := range obj {
			if _, ok := def.Properties[k]; !ok {
				unknown = append(unknown, k)
			}
		}
		sort.Strings(unknown)
		for _, k := range unknown {
			*problems = append(*problems, fmt.Sprintf("%s has an unknown field %q", path, k))
		}
		for _, k := range def.Required {
			if _, ok := obj[k]; !ok {
				*problems = append(*problems, fmt.Sprintf("%s is missing the field %q", path, k))
			}
		}
		keys := make([]string, 0, len(def.Properties))
		for k := range def.Properties {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if fv, ok := obj[k]; ok {
				s.checkValue(def.Properties[k], fv, path+"."+k, problems)
			}
		}
	case jsonschema.Array:
		arr, ok := v.([]any)
		if !ok {
			bad("an array")
			return
		}
		if def.Items != nil {
			for i, item := range arr {
				s.checkValue(*def.Items, item, fmt.Sprintf("%s[%d]", path, i), problems)
			}
		}
	case jsonschema.String:
		if _, ok := v.(string); !ok {
			bad("a string")
		}
	case jsonschema.Boolean:
		if _, ok := v.(bool); !ok {
			bad("true or false")
		}
	case jsonschema.Integer:
		if f, ok := v.(float64); !ok || f != float64(int64(f)) {
			bad("an integer")
		}
	case jsonschema.Number:
		if _, ok := v.(float64); !ok {
			bad("a number")
		}
	}
}
