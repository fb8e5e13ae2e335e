package cross

import (
	"reflect"
	"strings"
	"testing"
)

// TestOwn: Own passes every string of the facts through keep, those of
// every field there is (the walk is by reflection, so a field added
// later is held to it too).
func TestOwn(t *testing.T) {
	for name, src := range streams(t) {
		f := ReadFacts(src)
		f.Own(func(s string) string { return "\x00" + s })
		seen := 0
		var walk func(v reflect.Value, at string)
		walk = func(v reflect.Value, at string) {
			switch v.Kind() {
			case reflect.String:
				seen++
				if !strings.HasPrefix(v.String(), "\x00") {
					t.Errorf("%s: %s = %q was not kept", name, at, v.String())
				}
			case reflect.Struct:
				for i := 0; i < v.NumField(); i++ {
					if v.Type().Field(i).IsExported() {
						walk(v.Field(i), at+"."+v.Type().Field(i).Name)
					}
				}
			case reflect.Slice:
				for i := 0; i < v.Len(); i++ {
					walk(v.Index(i), at+"[]")
				}
			case reflect.Map:
				for _, k := range v.MapKeys() {
					walk(k, at+" key")
					walk(v.MapIndex(k), at+" value")
				}
			case reflect.Pointer:
				walk(v.Elem(), at)
			}
		}
		walk(reflect.ValueOf(f), "Facts")
		if seen == 0 {
			t.Errorf("%s: no string in the facts", name)
		}
	}
}
