;; The vector index's scan kernel (int16-scanner.ts): dot products of one int16 query with
;; int16 rows, 16 dimensions per step with WebAssembly SIMD (i32x4.dot_i16x8_s), summed
;; exactly in int64 lanes and written as float64. Compiled into int16-dot-wasm.ts by
;; `npm run build:wasm`; test/ranking/int16-scanner.test.ts checks the two agree.
(module
  (memory (export "memory") 1)
  ;; out[r] = Σ query[i] · rows[r·dim + i] for r < count, i < dim.
  ;; query: dim i16 at $query; rows: count·dim i16 at $rows; out: count f64 at $out;
  ;; dim a multiple of 16. Codes within ±32,767, so each lane of a dot_i16x8_s fits in int32.
  (func (export "dotI16")
    (param $query i32) (param $rows i32) (param $count i32) (param $dim i32) (param $out i32)
    (local $row i32) (local $end i32) (local $i i32) (local $bytes i32)
    (local $p v128) (local $q v128) (local $a v128) (local $b v128)
    (local.set $bytes (i32.shl (local.get $dim) (i32.const 1)))
    (local.set $row (local.get $rows))
    (local.set $end (i32.add (local.get $out) (i32.shl (local.get $count) (i32.const 3))))
    (block $done
      (loop $rows_loop
        (br_if $done (i32.ge_u (local.get $out) (local.get $end)))
        (local.set $a (v128.const i64x2 0 0))
        (local.set $b (v128.const i64x2 0 0))
        (local.set $i (i32.const 0))
        (loop $dims
          (local.set $p
            (i32x4.dot_i16x8_s
              (v128.load (i32.add (local.get $row) (local.get $i)))
              (v128.load (i32.add (local.get $query) (local.get $i)))))
          (local.set $q
            (i32x4.dot_i16x8_s
              (v128.load offset=16 (i32.add (local.get $row) (local.get $i)))
              (v128.load offset=16 (i32.add (local.get $query) (local.get $i)))))
          (local.set $a (i64x2.add (local.get $a) (i64x2.extend_low_i32x4_s (local.get $p))))
          (local.set $b (i64x2.add (local.get $b) (i64x2.extend_high_i32x4_s (local.get $p))))
          (local.set $a (i64x2.add (local.get $a) (i64x2.extend_low_i32x4_s (local.get $q))))
          (local.set $b (i64x2.add (local.get $b) (i64x2.extend_high_i32x4_s (local.get $q))))
          (local.set $i (i32.add (local.get $i) (i32.const 32)))
          (br_if $dims (i32.lt_u (local.get $i) (local.get $bytes))))
        (local.set $a (i64x2.add (local.get $a) (local.get $b)))
        (f64.store (local.get $out)
          (f64.convert_i64_s (i64.add (i64x2.extract_lane 0 (local.get $a)) (i64x2.extract_lane 1 (local.get $a)))))
        (local.set $row (i32.add (local.get $row) (local.get $bytes)))
        (local.set $out (i32.add (local.get $out) (i32.const 8)))
        (br $rows_loop))))
)
