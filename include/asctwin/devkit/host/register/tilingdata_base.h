// Devkit mode, host side: the tiling-data classes of CANN's register library
// (metadef's register/tilingdata_base.h), as Huawei's tiling headers and host
// programs use them: BEGIN_TILING_DATA_DEF(Name) ... END_TILING_DATA_DEF
// makes optiling::Name with set_<field>/get_<field> accessors, nested tiling
// structures as public members, SaveToBuffer and GetDataSize; the bytes
// SaveToBuffer writes are laid out as the kernel-side struct of
// kernel_tiling/kernel_tiling.h (fields in order at their natural alignment,
// at most 8, the size rounded up to the largest alignment).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "graph/ascend_string.h"
#include "graph/types.h"

namespace optiling {

class TilingDef {
 public:
  virtual ~TilingDef() = default;
  // Writes the structure (GetDataSize() bytes) to `data`; nothing when
  // `capacity` is smaller.
  void SaveToBuffer(void* data, size_t capacity) const;
  size_t GetDataSize() const { return size_; }
  const char* GetTilingClassName() const { return className_; }

  // Registers one field at construction (the field macros do this in
  // declaration order); `member` is the field's storage in this object.
  struct FieldReg {
    FieldReg(TilingDef* owner, const void* member, size_t bytes, size_t align,
             bool nested = false) {
      owner->addField(member, bytes, align, nested);
    }
    FieldReg(const FieldReg&) {}  // a copy's fields come with its TilingDef
    FieldReg& operator=(const FieldReg&) { return *this; }
  };
  size_t alignment() const { return align_; }

 protected:
  TilingDef() = default;
  TilingDef(const TilingDef&) = default;
  TilingDef& operator=(const TilingDef&) = default;
  const char* className_ = "";

 private:
  struct Field {
    size_t member = 0;  // the storage's offset from this TilingDef
    size_t offset = 0;  // the field's offset in the saved bytes
    size_t bytes = 0;
    bool nested = false;
  };
  void addField(const void* member, size_t bytes, size_t align, bool nested);
  std::vector<Field> fields_;
  size_t end_ = 0;  // the end of the last field
  size_t size_ = 0;
  size_t align_ = 1;
};

inline void TilingDef::addField(const void* member, size_t bytes, size_t align, bool nested) {
  if (align > 8) align = 8;
  const size_t at = (end_ + align - 1) / align * align;
  fields_.push_back(
      {static_cast<size_t>(static_cast<const char*>(member) - reinterpret_cast<const char*>(this)),
       at, bytes, nested});
  if (align > align_) align_ = align;
  end_ = at + bytes;
  size_ = (end_ + align_ - 1) / align_ * align_;  // the struct's size: padded to its alignment
}

inline void TilingDef::SaveToBuffer(void* data, size_t capacity) const {
  if (data == nullptr || capacity < size_) return;
  char* out = static_cast<char*>(data);
  std::memset(out, 0, size_);
  const char* self = reinterpret_cast<const char*>(this);
  for (const Field& f : fields_) {
    if (f.nested) {
      reinterpret_cast<const TilingDef*>(self + f.member)->SaveToBuffer(out + f.offset, f.bytes);
    } else {
      std::memcpy(out + f.offset, self + f.member, f.bytes);
    }
  }
}

// REGISTER_TILING_DATA_CLASS(op, class): the tiling-data class of an
// operator, as the framework looks it up by name.
class CTilingDataClassFactory {
 public:
  using Maker = std::function<std::shared_ptr<TilingDef>()>;
  static CTilingDataClassFactory& GetInstance() {
    static CTilingDataClassFactory instance;
    return instance;
  }
  void RegisterTilingData(const char* op, Maker maker) { makers_[op] = std::move(maker); }
  std::shared_ptr<TilingDef> CreateTilingDataInstance(const char* op) {
    auto it = makers_.find(op);
    return it == makers_.end() ? nullptr : it->second();
  }

 private:
  std::map<std::string, Maker> makers_;
};

}  // namespace optiling

#define BEGIN_TILING_DATA_DEF(class_name)           \
  class class_name : public ::optiling::TilingDef { \
   public:                                          \
    class_name() { className_ = #class_name; }      \
    class_name(const class_name&) = default;        \
    class_name& operator=(const class_name&) = default;

#define TILING_DATA_FIELD_DEF(data_type, field_name)            \
 public:                                                        \
  void set_##field_name(data_type value) {                      \
    field_name##_ = value;                                      \
  }                                                             \
  data_type get_##field_name() const {                          \
    return field_name##_;                                       \
  }                                                             \
                                                                \
 private:                                                       \
  data_type field_name##_ = 0;                                  \
  ::optiling::TilingDef::FieldReg field_name##Reg_ {            \
    this, &field_name##_, sizeof(data_type), alignof(data_type) \
  }

#define TILING_DATA_FIELD_DEF_ARR(arr_type, arr_size, field_name) \
 public:                                                          \
  void set_##field_name(const arr_type* values) {                 \
    std::memcpy(field_name##_, values, sizeof(field_name##_));    \
  }                                                               \
  arr_type* get_##field_name() {                                  \
    return field_name##_;                                         \
  }                                                               \
                                                                  \
 private:                                                         \
  arr_type field_name##_[arr_size] = {};                          \
  ::optiling::TilingDef::FieldReg field_name##Reg_ {              \
    this, field_name##_, sizeof(field_name##_), alignof(arr_type) \
  }

#define TILING_DATA_FIELD_DEF_STRUCT(struct_type, field_name)                 \
 public:                                                                      \
  struct_type field_name;                                                     \
                                                                              \
 private:                                                                     \
  ::optiling::TilingDef::FieldReg field_name##Reg_ {                          \
    this, &field_name, field_name.GetDataSize(), field_name.alignment(), true \
  }

// The field macros end without `;`: the one the definition writes after each
// (`TILING_DATA_FIELD_DEF(uint32_t, x);`) ends their last member.
#define END_TILING_DATA_DEF }

#define REGISTER_TILING_DATA_CLASS(op_type, class_name)                    \
  static const bool g_##op_type##class_name##Registered = [] {             \
    ::optiling::CTilingDataClassFactory::GetInstance().RegisterTilingData( \
        #op_type, [] { return std::make_shared<class_name>(); });          \
    return true;                                                           \
  }();
